"""nbval runs every lesson in every language, student editions only: a teacher's edition
has the same code and outputs (tests/test_notebooks_clean.py holds them equal)."""

collect_ignore_glob = ["teacher/*", "*/teacher/*"]
