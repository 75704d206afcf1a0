"""A lesson speaks its own language, never silently the computer's locale: every lesson's
first cell calls ``teach.use_language``, and everything made without a ``lang`` follows it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finstere_widget.engine.errors import LanguageError
from finstere_widget.engine.i18n import default_language, gettext
from finstere_widget.teach import use_language


@pytest.fixture(autouse=True)
def back_to_the_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("FINSTERE_WIDGET_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    yield
    use_language(None)


def test_an_english_lesson_on_a_french_computer_speaks_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert default_language() == "fr"
    assert use_language("en") == "en"
    assert gettext("blue") == "blue"
    assert default_language() == "en"


def test_a_czech_lesson_on_an_english_computer_speaks_czech(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert use_language("cs-CZ") == "cs"
    assert gettext("blue") == gettext("blue", "cs") != "blue"


def test_none_gives_the_locale_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    use_language("it")
    assert use_language(None) == "de"


def test_an_unknown_language_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    use_language("fr")
    with pytest.raises(LanguageError, match="'klingon'"):
        use_language("klingon")
    assert default_language() == "fr"


def test_the_widgets_made_after_it_speak_it(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("anywidget")
    from finstere_widget.examples import load
    from finstere_widget.widget import MonsterStepper

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    use_language("de")
    stepper = MonsterStepper(load("monster_basic_8"), tile="8")
    assert stepper.lang == "de"
