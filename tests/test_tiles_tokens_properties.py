"""Generators for tiles and path tokens (issue 25, 6 and 7): any hand-built tile is played
only if it is a tile of the game (M1), and any text is read as a path only if every token
is one of the six, in ASCII (P2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget.engine import Monster, Position, RuleOptions, Tile, TileError, monster_turn
from finstere_widget.engine.board import Heading
from finstere_widget.engine.errors import PathError
from finstere_widget.engine.moves import TOKENS, parse_path

SETTINGS = settings(max_examples=200, deadline=None)
LABELS = st.sampled_from(["5", "7", "8", "10", "X", "XX", "XXX", "1", "20", "21", "0"]) | st.text(
    max_size=4
)
POSITION = Position(Monster((5, 5), Heading.E))


@SETTINGS
@given(LABELS, st.integers(-3, 25), st.sampled_from([None, 0, 1, 2, 3, 4]), st.booleans())
def test_M1_a_hand_built_tile_plays_only_if_it_is_its_labels_tile(
    label: str, steps: int, prey: int | None, five_prey: bool
) -> None:
    tile = Tile(label, steps, prey)
    opts = RuleOptions(five_is_three_prey=five_prey)
    try:
        expected = Tile.parse(label, opts)
    except TileError:
        expected = None
    try:
        result = monster_turn(POSITION, tile, opts)
    except TileError:
        assert expected != tile
    else:
        assert expected == tile and result.tile == label


#: letters that ``str.upper()`` turns into a token's ASCII letters (the dotless "ı" into I,
#: the long "ſ" into S, the ligature "ﬀ" into FF), or that look like one (the Kelvin sign
#: "K", the dotted "İ"), beside the tokens' own letters in both cases
FOLDING = "ıſﬀKİ"
TOKEN_LETTERS = st.text(alphabet=st.sampled_from(list("NESWIOUTnesiout " + FOLDING)), max_size=3)
TOKEN_ITEMS = (
    st.sampled_from(list(TOKENS))
    | st.sampled_from(["ın", "ıN", "ſ", "oſ", "ﬀ", "K", "İN", "ouT", "in"])
    | TOKEN_LETTERS
    | st.text(max_size=3)
)


@SETTINGS
@given(st.lists(TOKEN_ITEMS, max_size=6))
def test_P2_a_path_is_read_only_from_ascii_tokens(items: list[str]) -> None:
    """P2: a path's tokens are N, E, S, W, IN, OUT in any ASCII case; a letter that only
    ``str.upper()`` folds into one ("ın", "ſ") is no token (issue 25, item 7)."""
    text = ",".join(items)
    items = [t.strip() for t in text.split(",")] if text.strip() else []
    try:
        tokens = parse_path(text)
    except PathError:
        assert any(not t.isascii() or t.upper() not in TOKENS for t in items)
    else:
        assert all(t.isascii() for t in items)
        assert [t.upper() for t in items] == list(tokens)
