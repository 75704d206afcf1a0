"""Edits the rules forbid are refused with a hint naming the rule (issue 10), tested on the
pure editing logic and through the board; Ctrl+Z / Ctrl+Shift+Z reach undo/redo; the
editor's palette shows only the fields of the chosen tool."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from finstere_widget.engine import Position
from finstere_widget.widget import BoardEditor, BoardWidget
from finstere_widget.widget.board_traits import EditTool
from finstere_widget.widget.editing import edit_refusal


@pytest.mark.parametrize(
    ("tool", "sq", "words"),
    [
        ("stone", (0, 0), "the exit"),  # the monster's corner: the exit itself
        ("stone", (15, 10), "is the entrance"),
        ("crystal", (15, 10), "(B2; A2"),
        ("pivot_left", (15, 10), "(B2; A2"),  # every stone kind, the left pivot too
        ("pivot_180", (0, 0), "the exit"),
        ("teleporter", (0, 0), "the exit"),
        ("pool_square", (14, 9), "the pool would cover the entrance (15, 10)"),
        ("pool_long_h", (5, 4), "pieces never overlap (A2)"),  # the stone on (7, 4)
        ("monster", (7, 4), "the monster needs a free square"),
        ("pawn", (7, 4), "a pawn needs a free square (P2)"),
    ],
)
def test_forbidden_edits_are_refused_with_the_rule(
    tool: EditTool, sq: tuple[int, int], words: str
) -> None:
    pos = Position.basic()
    why = edit_refusal(pos, tool, sq)
    assert why is not None and words in why
    w = BoardWidget(pos, mode="edit")
    w.tool = tool
    w.click(sq)
    assert w.position == pos, "nothing changed"
    assert w.hint == why and w.hint_kind == "problem"


def test_allowed_edits_go_ahead() -> None:
    pos = Position.basic()
    assert edit_refusal(pos, "stone", (3, 3)) is None
    assert edit_refusal(pos, "crystal", (7, 4)) is None  # turns the stone into a crystal
    assert edit_refusal(pos, "pool_square", (6, 8)) is None  # a click on a pool removes it
    assert edit_refusal(pos, "pawn", (15, 10)) is None  # a pawn may stand on the entrance
    w = BoardWidget(pos, mode="edit")
    w.click((3, 3))
    assert (3, 3) in w.position.stone_map and w.hint_kind == "success"


def test_ctrl_z_and_ctrl_shift_z_undo_and_redo() -> None:
    w = BoardWidget(Position.basic(), mode="edit")
    start = w.position
    w.click((3, 3))
    placed = w.position
    w._on_msg(w, {"type": "key", "key": "undo"}, [])
    assert w.position == start
    w._on_msg(w, {"type": "key", "key": "redo"}, [])
    assert w.position == placed
    w.mode = "view"  # outside the editor the keys change nothing
    w._on_msg(w, {"type": "key", "key": "undo"}, [])
    assert w.position == placed


def test_the_palette_shows_only_the_chosen_tools_fields() -> None:
    e = BoardEditor(Position.basic())

    def shown() -> set[str]:
        fields = ("heading", "pair", "player", "pawn_set", "face")
        return {n for n in fields if getattr(e, n).layout.display != "none"}

    e.tool.value = "stone"
    assert shown() == set()
    e.tool.value = "teleporter"
    assert shown() == {"heading", "pair"}
    e.tool.value = "pawn"
    assert shown() == {"player", "pawn_set", "face"}
    e.tool.value = "monster"
    assert shown() == {"heading"}


def test_stepper_step_box_follows_number_tiles_and_corrects_out_of_range() -> None:
    from finstere_widget.widget import MonsterStepper

    s = MonsterStepper(Position.basic(), tile="8")
    assert s.steps.value == 8 and not s.steps.disabled  # usable with a number tile
    s.tile_buttons.value = "X"
    assert s.steps.disabled and s.tile == "X"
    s.tile_buttons.value = "5"
    assert s.steps.value == 5 and not s.steps.disabled and s.tile == "5"
    s.steps.value = 3  # typing a count plays that many steps
    assert s.tile_buttons.value == "n" and s.tile == "3"
    assert s.result is not None and s.result.tile == "3"
    from finstere_widget.engine.monster import MAX_STEPS

    s.steps.value = 500  # out of range: corrected, and the message says so
    assert s.steps.value == MAX_STEPS and s.tile == str(MAX_STEPS)
    assert f"n = 500 is out of range: corrected to {MAX_STEPS}" in s.message.value
    s.steps.value = 0
    assert s.steps.value == 1 and "corrected to 1" in s.message.value
    s.steps.value = 7  # a number tile's count selects that tile
    assert s.tile_buttons.value == "7" and "corrected" not in s.message.value


def test_interaction_state_is_one_value_and_the_board_takes_its_options_at_construction() -> None:
    from dataclasses import FrozenInstanceError

    from finstere_widget.widget.interaction import Interaction

    ui = Interaction(selected="A", targets={(3, 3): None}, path=((1.0, 2.0),))
    with pytest.raises(FrozenInstanceError):
        ui.selected = "B"  # type: ignore[misc]
    assert ui.deselected() == Interaction(path=((1.0, 2.0),))
    moved: list[str] = []
    pos = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [5, 5], "facing": "E"},
            "pawns": [
                {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": "outside"},
                {"id": "B", "player": "blue", "light": 4, "dark": 3, "at": "outside"},
            ],
        }
    )
    w = BoardWidget(
        pos,
        mode="move",
        movable={"A"},
        allow_stay=True,
        on_move=lambda pawn, _result: moved.append(pawn),
    )
    w.select("B")
    assert "cannot move now" in w.hint and w._ui.selected is None
    w.select("A")
    assert w._ui.selected == "A" and "outside" in w._ui.targets  # staying is a target
    w.click_zone("place:outside")
    assert moved == ["A"] and w._ui.selected is None and len(w._ui.path) == 1  # stayed


def test_editing_is_pure_logic_without_a_widget() -> None:
    """A teleporter pair in two clicks: the pending pad is part of the value passed along."""
    from finstere_widget.widget.editing import Tool, edited

    pos = Position.basic()
    new, words, pending = edited(pos, Tool("teleporter", "N", "blue"), (3, 3))
    assert new is None and "click the square of its partner" in words
    assert pending is not None and pending[0] == (3, 3)
    new, words, pending = edited(pos, Tool("teleporter", "S", "blue", pending=pending), (9, 6))
    assert new is not None and pending is None
    assert {t.at for t in new.teleporters if t.pair == "blue"} == {(3, 3), (9, 6)}
    new2, words, _ = edited(new, Tool("erase"), (9, 6))
    assert new2 is not None and not new2.teleporters and "B5" in words
    assert pos == Position.basic(), "the position given is never changed"


def test_a_refused_selection_leaves_the_step_through_and_the_synced_frames_as_they_were() -> None:
    """select() of a pawn that may not move (or does not exist) changes nothing: the turn on
    show, its synced frames and the frame number stay, so the browser and svg() agree."""
    from finstere_widget.engine import PositionError
    from finstere_widget.examples import load

    pos = load("monster_basic_8")
    b = BoardWidget(pos, movable={"nobody"})
    b.mode = "move"
    b.show_turn("8")
    b.frame = 3
    before = (b.frame, b.frames, b.event_log, b.svg())
    b.select(pos.pawns[0].id)  # not movable now
    assert (b.frame, b.frames, b.event_log, b.svg()) == before
    with pytest.raises(PositionError):
        b.select("ZZ")  # no such pawn
    assert (b.frame, b.frames, b.event_log, b.svg()) == before


def test_the_editor_tools_are_a_closed_set_and_an_unknown_tool_is_named() -> None:
    """The tools are one Literal (mypy checks the editor's match over them); a name that is
    none of them is a ToolError naming it, and an edit with it changes nothing and says so."""
    from finstere_widget.engine import FinstereError, StoneKind, ToolError
    from finstere_widget.widget.editing import (
        EDIT_TOOLS,
        POOL_SHAPES,
        STONE_TOOLS,
        Tool,
        edit_tool,
        edited,
    )

    assert set(STONE_TOOLS) == {k.value for k in StoneKind}, "one stone tool per kind (B5)"
    assert set(POOL_SHAPES) < set(EDIT_TOOLS) and len(set(EDIT_TOOLS)) == len(EDIT_TOOLS)
    assert [edit_tool(t) for t in EDIT_TOOLS] == list(EDIT_TOOLS)
    for bad in ("hammer", "", "Stone", 3, None):
        with pytest.raises(ToolError, match="unknown editor tool") as err:
            edit_tool(bad)
        assert repr(bad) in str(err.value) and "erase" in str(err.value)
    assert issubclass(ToolError, FinstereError)
    pos = Position.basic()
    hammer = Tool("hammer")  # type: ignore[arg-type]  # a caller without types
    assert edit_refusal(pos, hammer.name, (3, 3)) is None
    new, words, pending = edited(pos, hammer, (3, 3))
    assert new is None and pending is None and words == "unknown tool 'hammer'"
    _, words_fr, _ = edited(pos, hammer, (3, 3), "fr")
    assert "'hammer'" in words_fr
    # every real tool does something on a free square (none falls through to the hint)
    for t in EDIT_TOOLS:
        _, said, _ = edited(pos, Tool(t), (11, 3))  # free, with room for every pool
        assert "unknown tool" not in said, t


def test_a_board_told_an_unknown_tool_refuses_it_by_name() -> None:
    """``board.tool = "hammer"`` is the package's ToolError naming it (and a TraitError, as
    traitlets refuses any bad value); the tool in use stays."""
    import traitlets

    from finstere_widget.engine import ToolError

    b = BoardWidget(Position.basic(), mode="edit")
    b.tool = "crystal"
    for bad in ("hammer", "", 7):
        with pytest.raises(ToolError, match=f"unknown editor tool {bad!r}") as err:
            b.tool = bad  # type: ignore[assignment]
        assert isinstance(err.value, traitlets.TraitError)
        assert b.tool == "crystal"


@pytest.mark.parametrize(
    ("lang", "placed", "removed"),
    [
        ("fr", "téléporteurs (bleu) posés en (3, 3) et (9, 6)", "téléporteurs (bleu) retirés"),
        ("it", "teleport (blu) piazzati in (3, 3) e (9, 6)", "teleport (blu) (vanno"),
    ],
)
def test_a_teleporter_pairs_colour_never_breaks_french_or_italian_agreement(
    lang: str, placed: str, removed: str
) -> None:
    """A pair's colour word has one form ('bleu', 'giallo'): after a plural noun ('les deux
    téléporteurs bleu', 'teleport giallo piazzati') it read wrong, so French and Italian put it
    in brackets, as German and Czech do ('Teleporter (gelb)')."""
    from finstere_widget.widget.editing import Tool, edited

    pos = Position.basic()
    _, _, pending = edited(pos, Tool("teleporter", "N", "blue"), (3, 3), lang)
    new, words, _ = edited(pos, Tool("teleporter", "S", "blue", pending=pending), (9, 6), lang)
    assert new is not None and words == placed
    again, words, _ = edited(new, Tool("teleporter", "N", "blue"), (5, 5), lang)
    assert again is None and ("(bleu)" in words or "(blu)" in words), words
    _, words, _ = edited(new, Tool("erase"), (9, 6), lang)
    assert removed in words
