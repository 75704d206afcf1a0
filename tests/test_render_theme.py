"""The drawing in light and dark pages (issue 10): square names in the margins, the dark
palette (colours of the page around the board) with readable text, hints by kind."""

from __future__ import annotations

import re

from finstere_widget.engine import Position
from finstere_widget.render import style as S
from finstere_widget.render.scene import build_scene, center, static_layer
from finstere_widget.render.svg import scene_svg


def luminance(colour: str) -> float:
    def ch(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_square_names_sit_in_the_margins_in_line_with_the_squares() -> None:
    texts = [
        p for p in static_layer(Position.basic()) if p["k"] == "text" and p["fill"] == S.COORD_TEXT
    ]
    xs = {p["text"]: p for p in texts if p["y"] < S.OY - S.MARGIN}
    ys = {p["text"]: p for p in texts if p["x"] < S.OX - S.MARGIN}
    assert sorted(xs, key=int) == [str(x) for x in range(16)]
    assert sorted(ys, key=int) == [str(y) for y in range(11)]
    for x in range(16):
        assert xs[str(x)]["x"] == center((x, 0))[0]
    for y in range(11):
        assert ys[str(y)]["y"] == center((0, y))[1]


def test_page_text_reads_in_both_palettes() -> None:
    """WCAG AA (4.5:1) for the text drawn on the page's colours, light and dark."""
    pairs = [
        (S.CAPTION_TEXT, S.CAPTION_FILL),
        (S.TRAY_TEXT, S.TRAY_FILL),
        (S.LETTER, S.BACKGROUND),
        (S.COORD_TEXT, S.BACKGROUND),
    ]
    for name, pal in S.PALETTES.items():
        for fg, bg in pairs:
            ratio = contrast(pal.get(fg, fg), pal.get(bg, bg))
            assert ratio >= 4.5, f"{name}: {fg} on {bg} is {ratio:.2f}:1"
    # the dark palette really changes the page (and not the game's own colours)
    assert contrast(S.DARK[S.BACKGROUND], "#000000") < 2
    for game_colour in (S.FLOOR, S.POOL_FILL, S.MONSTER_FILL, *S.PLAYER.values()):
        assert game_colour not in S.DARK


def test_the_boards_outline_shows_against_the_page_and_the_floor_in_both_palettes() -> None:
    """WCAG 1.4.11 (non-text contrast, 3:1): the board's outer wall marks the board on a dark
    page too, not only the floor's edge; it is drawn in its own colour, so the swap touches
    nothing else."""
    outline = [
        p
        for p in static_layer(Position.basic())
        if p["k"] == "poly" and p.get("stroke") == S.OUTLINE
    ]
    assert len(outline) == 1 and outline[0]["closed"]
    for name, pal in S.PALETTES.items():
        for bg in (S.BACKGROUND, S.FLOOR):
            ratio = contrast(pal.get(S.OUTLINE, S.OUTLINE), pal.get(bg, bg))
            assert ratio >= 3, f"{name}: the outline on {bg} is {ratio:.2f}:1"
    other = {v for k, v in vars(S).items() if k.isupper() and k != "OUTLINE" and isinstance(v, str)}
    assert S.OUTLINE not in other


def test_the_svg_writer_takes_the_dark_palette() -> None:
    scene = build_scene(Position.basic())
    light = scene_svg(scene)
    dark = scene_svg(scene, palette=S.DARK)
    assert S.BACKGROUND in light and S.BACKGROUND not in dark and S.DARK[S.BACKGROUND] in dark
    assert S.FLOOR in dark


def test_option_menus_read_in_plain_words_with_the_rule_id() -> None:
    from finstere_widget.engine import OPTION_INFO
    from finstere_widget.widget import GameView, MonsterStepper

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    s = MonsterStepper(Position.basic())
    for dd in [*v.option_widgets.values(), *s.option_widgets.values()]:
        name = next(n for n in OPTION_INFO if OPTION_INFO[n][1] in dd.description)
        assert "_" not in dd.description and f"({OPTION_INFO[name][1]})" in dd.description
        labels = [label for label, _ in dd.options]
        assert all("_" not in label for label in labels), labels
    v.option_widgets["first_draw_rule"].value = "every_stage"  # values stay the engine's
    v.new_game()
    assert v.game.options.first_draw_rule == "every_stage"


def test_every_engine_option_has_words() -> None:
    from finstere_widget.engine import OPTION_INFO
    from finstere_widget.widget.labels import OPTION_WORDS

    assert set(OPTION_WORDS) == set(OPTION_INFO)
    for name, (allowed, _rule, _words) in OPTION_INFO.items():
        assert set(OPTION_WORDS[name][1]) == set(allowed), name


def test_pawn_ids_are_painted_over_every_overlay() -> None:
    """A tie ring (over the pieces) never covers a pawn's id: the id tags come last."""
    from finstere_widget.engine import monster_turn
    from finstere_widget.render.frames import trace_frames

    pos = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [5, 5], "facing": "E"},
            "pawns": [
                {"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 5]},
                {"id": "B", "player": "red", "light": 4, "dark": 3, "at": [5, 2]},
            ],
        }
    )
    turn = monster_turn(pos, "8")
    tie = trace_frames(pos, turn.events, "8")[1]
    groups = tie.dynamic_groups()
    ring_at = max(
        i
        for i, g in enumerate(groups)
        if any(p.get("stroke") == S.TIE and p["k"] == "circle" for p in g)
    )
    tag_at = {
        next(p["text"] for p in g if p["k"] == "text"): i
        for i, g in enumerate(groups)
        if g and g[0]["k"] == "rect" and g[0].get("fill") in (S.PLAYER["blue"], S.PLAYER["red"])
    }
    assert set(tag_at) == {"A", "B"} and min(tag_at.values()) > ring_at


def test_waiting_pawns_show_their_ids_and_only_the_one_that_stays_is_marked() -> None:
    from finstere_widget.widget import GameView

    v = GameView(("blue", "red"), you="blue", bot="random", seed=3)
    waiting = [p for p in v.game.position.pawns if p.at == "outside"]
    svg = v.board.svg()
    for p in waiting:  # blue3: its number on a blue tag (#28: whole ids came out at 5 px)
        tag = rf'fill="{S.PLAYER[p.player]}"[^>]*/>\s*<text[^>]*>{p.id[len(p.player) :]}</text>'
        assert re.search(tag, svg), p.id
    # a pawn waiting outside may stay there (a move of 0, P2): that pawn alone is marked
    from finstere_widget.render.scene import TRAY_PAWN_R, place_zones, tray_slots
    from finstere_widget.widget import BoardWidget

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
    w = BoardWidget(pos, mode="move", allow_stay=True)
    w.select("A")
    svg = w.svg()
    outside = next(z for z in place_zones(pos) if z["id"] == "place:outside")
    assert f'<rect x="{outside["x"]}" y="{outside["y"]}" width="{outside["w"]}"' not in svg
    (ax, ay), (bx, by) = tray_slots(pos)["A"], tray_slots(pos)["B"]
    assert f'<circle cx="{ax:g}" cy="{ay:g}" r="{TRAY_PAWN_R + 6}" fill="{S.TARGET}"' in svg
    assert f'<circle cx="{bx:g}" cy="{by:g}" r="{TRAY_PAWN_R + 6}"' not in svg
    w.click_zone("pawn:A")  # the marked pawn: deselect; the zone still means "stay"
    w.select("A")
    w.click_zone("place:outside")
    assert w.position.pawn("A").at == "outside" and w.position.pawn("A").up == "dark"


def test_every_colour_of_the_drawing_is_named_in_style() -> None:
    """No colour is written out in the scene builders or the painters: each one is a
    constant of render/style.py (so the light and dark palettes cover the whole drawing).
    CSS variables of the widget's chrome live in board.css, not here."""
    from pathlib import Path

    import finstere_widget

    pkg = Path(finstere_widget.__file__).parent
    colour = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|\brgba?\(")
    files = [p for p in (pkg / "render").glob("*.py") if p.name != "style.py"]
    files.append(pkg / "widget" / "static" / "board.js")
    found = [
        f"{p.name}:{n}: {line.strip()}"
        for p in files
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if colour.search(line)
    ]
    assert not found, "\n".join(found)
