"""GameView tells the game in order and its picture is always the engine's state (issue 10):
after every action of a scripted game (your moves, a bot's move for you, monster phases, the
bots, undo, a new game, the advanced set-up) the pieces synced to the browser for the last
frame are the engine's position, and the story reads in words."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

from finstere_widget.engine.game import Outcome
from finstere_widget.engine.i18n import translations
from finstere_widget.render.scene import (
    center,
    fixture_group,
    piece_groups,
    static_layer,
    tray_background,
    tray_layout,
    tray_slots,
)
from finstere_widget.widget import GameView
from finstere_widget.widget.labels import colour_word
from finstere_widget.widget.story import outcome_words, path_words, placement_words

REPR = re.compile(r"\b[A-Z][A-Za-z]+\(")  # Placement(...), PawnMove(...), DrawTile(...)


def assert_board_is_the_state(v: GameView) -> None:
    g = v.game
    b = v.board
    last = len(b.frames) - 1
    assert last >= 0
    drawn = b.drawn_pieces(last)
    want = piece_groups(g.position)
    # the static layer holds the pools and teleporters, and the tray, unless they change
    # during the story (pools placed, a tray section crowded): then each frame draws them
    layers = [(f, t) for f in (True, False) for t in (True, False)]
    found = [(f, t) for f, t in layers if b.static == static_layer(g.position, fixtures=f, tray=t)]
    assert found, "the static layer is the position's"
    fixtures, tray = found[0]
    extra = [] if tray else [tray_background(tray_layout(g.position), b.lang or None)]
    extra += [] if fixtures else [fixture_group(g.position)]
    assert drawn == extra + want, "the last frame's pieces are the engine's position"
    assert b.position == g.position
    # the frame on show is the state, or a past frame labelled as such with what is left
    if b.frame != last:
        assert (
            f"See what happened</b>: step with ▶ or → ({last - b.frame} more step" in v.status.value
        )
    else:
        assert "See what happened" not in v.status.value
    for line in b.event_log:
        assert not REPR.search(line), f"a Python repr in the story: {line!r}"


def frames_text(v: GameView) -> list[str]:
    return [f.caption for f in v.board.trace_frames]


def test_a_scripted_game_keeps_the_picture_equal_to_the_engine() -> None:
    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    g = v.game
    assert_board_is_the_state(v)
    assert "your move (blue)" in v.board.event_log[-1]
    monster_seen = bots_seen = 0
    for turn in range(40):
        if g.is_terminal():
            break
        assert g.current_colour == "blue"
        if turn % 3 == 0:
            v.bot_move_for_me()
        else:  # a click on a movable pawn and on one of its lit targets, like a learner
            assert v.board.movable is not None
            pawn = sorted(v.board.movable)[0]
            v.board.select(pawn)
            target = next(iter(v.board._ui.targets))
            v.board.click(target) if isinstance(target, tuple) else v.board.click_zone(
                f"place:{target}"
            )
        assert_board_is_the_state(v)
        log = v.board.event_log
        assert log[0].startswith("blue (you)") or log[0].startswith("blue (a bot for you)")
        red = [x for x in log if x.startswith("red")]
        assert all(x.startswith("red (bot):") for x in red), red
        assert not any("red (you)" in x for x in log)
        bots_seen += len(red)
        if any(x.startswith("monster: draws tile") for x in log):
            monster_seen += 1
            # the monster's turn comes in order: its header line, then its events, each a frame
            k = next(i for i, x in enumerate(log) if x.startswith("monster: draws tile"))
            assert any(x.startswith("end:") for x in log[k:])
            shown = {f["e"] for f in v.board.frames}
            assert set(range(len(log))) <= shown, "every line of the log has its frame"
        # the story is stepped in order: frames' log lines never go back
        es = [f["e"] for f in v.board.frames]
        assert es == sorted(es)
        if turn == 5:
            ply = g.state.ply
            assert v.undo()
            assert g.state.ply < ply and g.current_colour == "blue"
            assert "taken back" in v.board.event_log[0]
            assert_board_is_the_state(v)
    assert monster_seen >= 2 and bots_seen >= 4
    while not g.is_terminal():
        v.bot_move_for_me()
    assert_board_is_the_state(v)
    assert v.board.event_log[-1].startswith("Game over (")
    assert "new game" in v.board.hint
    # a new game: a fresh story from the new position
    v.seed_box.value = 5
    v.new_game()
    assert_board_is_the_state(v)
    assert v.board.event_log[0].startswith("a new game: blue, red; seed 5")


def play_until_the_monster_follows(v: GameView) -> None:
    """Moves of ours (a bot's choice for us) until one is followed by the monster's turn."""
    for _ in range(30):
        v.bot_move_for_me()
        if any(x.startswith("monster: draws tile") for x in v.board.event_log):
            return
    raise AssertionError("no monster turn after 30 moves: choose another seed")


def test_the_learner_sees_the_phases_in_order_before_their_move() -> None:
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    g = v.game
    play_until_the_monster_follows(v)
    log = v.board.event_log
    k = next(i for i, x in enumerate(log) if x.startswith("monster: draws tile"))
    assert log[0].startswith("blue")
    assert k > 0
    # the board starts on the first thing the learner has not seen, not on "your move"
    assert 0 < v.board.frame < len(v.board.frames) - 1
    assert "See what happened" in v.status.value and "Your move" not in v.status.value
    v.board.frame = len(v.board.frames) - 1  # stepped to the end (the browser syncs it)
    assert "Your move (blue)" in v.status.value or g.is_terminal()
    assert_board_is_the_state(v)


def test_the_advanced_setup_is_placed_by_bots_in_words() -> None:
    v = GameView(("blue", "red"), you="blue", bot="random", seed=3, advanced=True)
    placed = [x for x in v.board.event_log if "places" in x]
    assert len(placed) >= 10
    assert any(x.startswith("blue (a bot for you): places") for x in placed)
    assert any("2×2 blood pool" in x for x in placed)
    assert_board_is_the_state(v)
    # the first frame has no pools yet, the last has them: pools are drawn per frame
    first = v.board.trace_frames[0].position
    assert not first.pools and v.board.drawn_pieces(0) == piece_groups(first)
    assert v.board.drawn_pieces(len(v.board.frames) - 1)[0] == fixture_group(v.game.position) != []


def test_words_for_actions_and_the_tie_break() -> None:
    from finstere_widget.engine.setup import Placement

    assert path_words(("N", "N", "W")) == "north, north, west"
    assert (
        placement_words("red (bot)", Placement("teleporter_blue", (3, 4), "E"))
        == "red (bot): places a blue teleporter on (3, 4), arrow east (A1)"
    )
    tie = Outcome("red", "end of stage 2", "S3", {"blue": 2, "red": 2})
    text = outcome_words(tie)
    assert "red wins" in text and "blue and red" not in text
    assert "red and blue both escaped 2 pawns" in text and "breaks the tie (S3)" in text
    assert "draw" in outcome_words(Outcome(None, "end of stage 2", "S3", {"blue": 0, "red": 0}))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "green, blue and red all escaped 1 pawn; green reached 1 first"),
        ("fr", "vert, bleu et rouge ont tous fait sortir 1 pion"),
        ("de", "haben je 1 Figur hinausgebracht"),
    ],
)
def test_three_colours_tied_are_listed_once_not_both(lang: str, words: str) -> None:
    """Three players tied at the end (seen in a game view: "green and blue and red both
    escaped 1 pawn"): each colour named once, and never "both"."""
    tie = Outcome("green", "end of stage 2", "S3", {"blue": 1, "red": 1, "green": 1})
    text = outcome_words(tie, lang)
    assert words in text and "both" not in text, text


def test_a_click_mid_story_shows_the_current_position() -> None:
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    for _ in range(30):
        v.bot_move_for_me()
        if len(v.board.frames) > 3:
            break
    v.board.frame = 1
    assert v.board.movable is not None
    pawn = sorted(v.board.movable)[0]
    v.board.click_zone(f"pawn:{pawn}") if not isinstance(
        v.game.position.pawn(pawn).at, tuple
    ) else v.board.click(v.game.position.pawn(pawn).at)
    assert v.board.position == v.game.position
    assert v.board.drawn_pieces() == piece_groups(v.game.position)


def test_every_widget_cell_carries_a_static_fallback() -> None:
    """GitHub/nbviewer readers see the frame on show (SVG) and the story (text)."""
    from finstere_widget.engine import Position
    from finstere_widget.widget import BoardEditor, BoardWidget, MonsterStepper

    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    v.bot_move_for_me()
    for w in (
        v,
        MonsterStepper(Position.basic(), tile="7"),
        BoardEditor(Position.basic()),
        BoardWidget(Position.basic()),
    ):
        bundle = w._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert "application/vnd.jupyter.widget-view+json" in data
        # the frame on show, as a page with nothing to press shows it (static_svg)
        assert (
            data["image/svg+xml"] == w.static_svg()
            if isinstance(w, BoardWidget)
            else data["image/svg+xml"] == w.board.static_svg()
        )
        assert "press ▶" not in data["image/svg+xml"]
        assert data["text/plain"].startswith(repr(w))
    text = v._repr_mimebundle_()["text/plain"]
    assert "red (bot): pawn" in text and "your move (blue)" in text
    assert "\n> " in text  # the frame on show is marked


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_monster_turns_opening_caption_names_its_tile_once(lang: str) -> None:
    """It read 'monster, tile 10: tile 10: the monster at (7, 0) facing east — press ▶ to
    step': the story's 'monster, tile {tile}:' around the stepper's own 'tile {tile}: ...'."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=4, lang=lang)
    for _ in range(30):
        v.bot_move_for_me()
        openings = [
            f["c"] for f in v.board.frames if f.get("c", "").startswith(("monster,", "monstre,"))
        ]
        if openings:
            break
    assert openings, "a monster turn was told"
    tile = "tile" if lang == "en" else "tuile"
    for c in openings:
        assert c.count(tile) == 1, c
        assert re.fullmatch(rf"\w+, {tile} (5|7|8|10|X|XX) ?: \w+ .*\(\d+, \d+\).* ▶ .*", c), c


def counts_at(game: Any, plies: int) -> tuple[int, int, int, dict[str, int]]:
    """The game's round, stage, tiles left and pawns escaped after its first ``plies``
    actions: a copy of the game, its later actions undone (the engine's own record)."""
    g = copy.deepcopy(game)
    while len(g.history) > plies:
        g.undo()
    st = g.state
    escaped = {
        c: sum(1 for p in g.position.pawns if p.player == c and p.at == "escaped")
        for c in g.colours
    }
    # the monster turns the stage still has (S1; test_tiles_left_are_the_monster_turns_...)
    return st.round, g.position.stage, g.options.tiles_per_stage - st.tiles_played, escaped


def english_counts(round: int, stage: int, tiles: int, escaped: dict[str, int]) -> str:
    score = ", ".join(f"{c} {n}" for c, n in escaped.items())
    return f"round {round}, stage {stage}, tiles left {tiles}; escaped: {score}"


def counts_on_show(v: GameView) -> str:
    """The counts the learner reads with the frame on show: the board's note for its frame
    (the status line above it says only what to do)."""
    frame = v.board.frames[v.board.frame]
    note: str = frame.get("n", "")
    return note + "\n" + str(v.status.value)


def test_the_counts_on_show_belong_to_the_frame_on_show() -> None:
    """Stepping back through the last turn shows that moment's round, tiles left and pawns
    escaped, not the game's counts now (they were the current game's, unlabelled, under a
    past board); the last frame, and the board once its frames are left, show now's."""
    from finstere_widget.engine.game import DrawTile, PawnMove

    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    g = v.game
    play_until_the_monster_follows(v)
    now = english_counts(*counts_at(g, len(g.history)))
    mine = max(
        i
        for i, e in enumerate(g.history)
        if isinstance(e.action, PawnMove) and e.seat in v.human_seats
    )
    draw = next(i for i in range(mine, len(g.history)) if isinstance(g.history[i].action, DrawTile))
    after_mine = english_counts(*counts_at(g, mine + 1))
    before_draw = counts_at(g, draw)
    assert after_mine != now, "the turn changed the counts (a monster phase was played)"
    v.board.frame = 0  # stepped back to the learner's move (the browser syncs it)
    assert after_mine in counts_on_show(v) and now not in counts_on_show(v)
    # the monster's turn: in the round it ends, its tile out of the pile
    monster = next(
        k
        for k, f in enumerate(v.board.frames)
        if v.board.event_log[f["e"]].startswith("monster: draws tile")
    )
    v.board.frame = monster
    r, stage, tiles, escaped = before_draw
    assert english_counts(r, stage, tiles - 1, escaped) in counts_on_show(v)
    v.board.frame = len(v.board.frames) - 1
    assert now in counts_on_show(v)
    # every frame's pawns escaped are those its board shows
    for f, frame in zip(v.board.trace_frames, v.board.frames, strict=True):
        for c in g.colours:
            n = sum(1 for p in f.position.pawns if p.player == c and p.at == "escaped")
            assert f"{c} {n}" in frame["n"]
    # the frames left for the position (a pawn selected): the counts now
    v.board.select(sorted(v.board.movable or [])[0])
    assert len(v.board.frames) == 1 and v.board.frames[0]["n"] == now
    v.lang = "fr"  # and in the learner's language
    assert v.board.frames[0]["n"].startswith(f"tour {g.state.round}, manche")


@pytest.mark.parametrize("where", ["first", "last"])
def test_leaving_the_story_for_a_pawn_leaves_no_steps_to_see(where: str) -> None:
    """A click on one of our pawns mid-story (or on its last frame) leaves the frames for
    the board now: the status line says it is our move, not "See what happened: step with
    ▶ (N more steps)" of frames no longer on show (it kept the count of the story left)."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    v.bot_move_for_me()
    b = v.board
    assert len(b.frames) >= 3 and "See what happened" in v.status.value
    b.frame = 0 if where == "first" else len(b.frames) - 1
    b.select(sorted(b.movable or [])[0])
    assert len(b.frames) == 1 and b.trace_frames == []
    assert "See what happened" not in v.status.value
    assert "Your move (blue)" in v.status.value


@pytest.mark.parametrize("per_stage", ["7", "8"])
def test_tiles_left_are_the_monster_turns_left_in_the_stage(per_stage: str) -> None:
    """The "tiles left" count is the monster turns the stage still has (S1: its 7th tile ends it,
    the 8th is never played): it said 8 at the start of a game of 7 tiles per stage."""
    from finstere_widget.design.bots import make_bot

    v = GameView(("blue", "red"), you="blue", seed=2, options={"tiles_per_stage": per_stage})
    g = copy.deepcopy(v.game)
    bot, draws = make_bot("greedy", "count"), 0
    while g.position.stage == 1:  # the game played on until stage 2 begins
        assert not g.is_terminal(), "the game ended in stage 1: choose another seed"
        if g.is_chance():
            g.sample_chance()
            draws += 1
        else:
            g.apply(bot.choose(g))
    assert draws == int(per_stage)
    assert f"tiles left {draws};" in v.board.frames[-1]["n"]


def headlines(v: GameView) -> list[tuple[str, str]]:
    """The line over the board of each frame synced to the browser: its bold part and the
    rest (board.js shows the frame's own, as text)."""
    return [(str(f["h"][0]), str(f["h"][1])) for f in v.board.frames]


def a_story_with_a_monster_turn(seed: int = 1) -> GameView:
    """A game view whose last turn (on show) has a monster phase: many frames to step."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=seed)
    for _ in range(30):
        v.bot_move_for_me()
        if any(x.startswith("monster: draws tile") for x in v.board.event_log):
            return v
    raise AssertionError("no monster turn in 30 moves: choose another seed")


def test_each_frames_headline_counts_the_steps_left_from_it_and_the_last_says_whose_move() -> None:
    """Every frame of the story carries its own line over the board: "See what happened:
    step with ▶ or → (N more steps)" with N counted from that frame to the last, and the
    last frame "Your move (blue)" with the pawns to click. The browser shows the frame's
    line when it steps, with no kernel round trip (the line came from the kernel after the
    step: in an exported page, or while the kernel was busy, it kept another frame's)."""
    v = a_story_with_a_monster_turn()
    heads = headlines(v)
    last = len(heads) - 1
    assert last >= 4, "a monster turn: many frames"
    for k, (bold, rest) in enumerate(heads[:-1]):
        n = last - k
        steps = "1 more step" if n == 1 else f"{n} more steps"
        assert bold == "See what happened", (k, bold)
        # a click on a pawn plays at once: no "then it is your move" (#25 item 15)
        assert rest == f": step with ▶ or → ({steps}), or click one of your pawns to play now"
    pawns = ", ".join(sorted(p.id for p in v.game.movable_pawns()))
    assert heads[-1] == (
        "Your move (blue)",
        f": click one of your pawns ({pawns}), then a lit square",
    )
    # plain text, never markup: board.js shows it with textContent
    assert not any("<" in bold + rest for bold, rest in heads)
    # the kernel's status is the line of the frame it last heard of, as HTML (as before)
    for k in (0, last // 2, last):
        v.board.frame = k
        assert v.status.value == "<b>{}</b>{}".format(*heads[k])
    # the frames left for the board now (a pawn selected): its own line says whose move
    v.board.select(sorted(v.board.movable or [])[0])
    assert headlines(v) == [heads[-1]] and v.status.value == "<b>{}</b>{}".format(*heads[-1])


def test_the_headlines_of_the_games_last_turn_lead_to_its_end() -> None:
    """The game's last turn: the earlier frames say "then it is the end of the game", the
    last one the game's end in bold (the outcome's words)."""
    v = GameView(("blue", "red", "green"), you="blue", seed=2)
    while not v.game.is_terminal():
        v.bot_move_for_me()
    heads = headlines(v)
    last = len(heads) - 1
    assert last >= 1
    for k, (bold, rest) in enumerate(heads[:-1]):
        assert bold == "See what happened"
        assert rest.endswith(
            f" more step{'' if last - k == 1 else 's'}), then it is the end of the game"
        )
        assert f"({last - k} more" in rest
    assert heads[-1] == (outcome_words(v.game.outcome()), "")
    assert heads[-1][0].startswith("Game over (")


@pytest.mark.parametrize(
    ("lang", "bold", "step"),
    [
        (
            "cs",
            "Podívej se, co se stalo",
            {1: "ještě 1 krok)", 3: "ještě 3 kroky)", 5: "ještě 5 kroků)"},
        ),
        (
            "fr",
            "Regarde ce qui s'est passé",
            {1: "encore 1 pas)", 3: "encore 3 pas)", 5: "encore 5 pas)"},
        ),
        ("de", "Sieh dir an, was passiert ist", {1: "noch 1 Schritt)", 3: "noch 3 Schritte)"}),
    ],
)
def test_each_frames_headline_in_the_learners_language_and_plural(
    lang: str, bold: str, step: dict[int, str]
) -> None:
    """The count of steps left reads in the language's plural form (gettext's, in Python:
    Czech 1 krok, 3 kroky, 5 kroků), frame by frame, and a language switch tells the lines
    of the story on show again."""
    v = a_story_with_a_monster_turn()
    assert len(v.board.frames) > 6
    v.lang = lang
    heads = headlines(v)
    last = len(heads) - 1
    for n, words in step.items():
        got_bold, rest = heads[last - n]
        assert got_bold == bold and words in rest, (n, rest)
    yours = translations(lang).gettext(
        "<b>Your move ({colour})</b>: click one of your pawns ({pawns}), then a lit square"
    )
    assert heads[-1][0] == yours[3 : yours.index("</b>")].format(colour=colour_word("blue", lang))


def test_your_move_frame_is_about_your_pawns_for_a_board_that_scrolls() -> None:
    """The hand-over frame's point (``f``: what a board scrolled sideways in a narrow pane
    keeps in view) is the middle of the learner's movable pawns, where they are drawn (a
    square, or a tray slot): the board opened scrolled to the left, the pawns out of sight."""
    v = GameView(("blue", "red"), you="blue", bot="greedy", seed=1)
    for _ in range(4):  # the bots and the monster play on after each helped move
        v.bot_move_for_me()
    pos = v.game.position
    movable = sorted(v.board.movable or [])
    slots = tray_slots(pos)
    points = [
        center(p.at) if isinstance(p.at, tuple) else slots[p.id]
        for p in pos.pawns
        if p.id in movable
    ]
    assert movable and any(isinstance(pos.pawn(m).at, tuple) for m in movable)
    want = [sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)]
    last = v.board.frames[-1]
    assert last["f"] == pytest.approx(want, abs=0.01), (last["f"], want)
