"""The test suite (a package, so tests/conftest.py and tests/browser/conftest.py are distinct
modules: tests.conftest and tests.browser.conftest)."""
