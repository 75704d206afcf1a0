"""A monster turn as an animated SVG, an animated GIF and a printable PDF handout, all from
the scene primitives (render/animate.py, render/raster.py), and the CLI's --save."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import GifImagePlugin, Image

from finstere_widget.cli import main
from finstere_widget.engine import Position, monster_turn
from finstere_widget.render import style as S
from finstere_widget.render.animate import (
    TurnPictures,
    step_scenes,
    turn_gif,
    turn_handout,
    turn_svg,
)
from finstere_widget.render.raster import scene_image
from finstere_widget.render.scene import Scene, circle, line, poly, rect, text

ROOT = Path(__file__).resolve().parent.parent
BASIC = ROOT / "tests" / "examples" / "monster_basic_8.json"
SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture(scope="module")
def turn() -> TurnPictures:
    return TurnPictures.play(Position.from_json(BASIC.read_text()), "8")


def test_the_animated_svg_has_one_frame_per_event_and_the_same_bytes_each_time(
    turn: TurnPictures,
) -> None:
    events = monster_turn(Position.from_json(BASIC.read_text()), "8").events
    svg = turn_svg(turn)
    assert svg == turn_svg(Position.from_json(BASIC.read_text()), "8")  # deterministic
    root = ET.fromstring(svg)
    assert root.get("width") == str(S.WIDTH) and root.get("height") == str(S.HEIGHT)
    frames = [g for g in root.findall(f"{SVG_NS}g")]
    assert len(frames) == len(events) + 1 == 31  # the opening frame, then one per event
    assert frames[0].get("visibility") is None
    assert all(g.get("visibility") == "hidden" for g in frames[1:])
    ids = {g.get("id") for g in root.find(f"{SVG_NS}defs")}  # type: ignore[union-attr]
    for k, g in enumerate(frames):
        anim = g.find(f"{SVG_NS}animate")
        assert anim is not None and anim.get("repeatCount") == "indefinite"
        assert anim.get("dur") == f"{0.9 * 31:g}s"
        times = [float(t) for t in anim.get("keyTimes", "").split(";")]
        assert times == sorted(times) and times[0] == 0
        # frame k is visible from k/31 to (k+1)/31 of the loop
        assert any(abs(t - k / 31) < 0.006 for t in times) or k == 0
        uses = [u.get(XLINK) for u in g.findall(f"{SVG_NS}use")]
        assert uses and all(u is not None and u[1:] in ids for u in uses)
    assert "<script" not in svg  # self-contained, plays without script
    assert "eats pawn C at (12, 5) (M7)" in svg  # the captions are the narration
    assert "TIE → keeps heading east (M5): D and E both at 3" in svg


def test_the_animation_speaks_the_language_asked() -> None:
    french = turn_svg(Position.from_json(BASIC.read_text()), "8", lang="fr")
    assert "ÉGALITÉ → continue vers l'est (M5) : D et E tous deux à 3" in french
    assert "pas 3 : dévore le pion C en (12, 5) (M7)" in french


def test_the_gif_has_every_frame_at_the_scene_size(turn: TurnPictures) -> None:
    gif = Image.open(io.BytesIO(turn_gif(turn, scale=0.5)))
    assert isinstance(gif, GifImagePlugin.GifImageFile) and gif.n_frames == 31
    assert gif.size == (S.WIDTH // 2, S.HEIGHT // 2)
    assert gif.info["duration"] == 900 and gif.info["loop"] == 0
    gif.seek(0)
    first = gif.convert("RGB").copy()
    gif.seek(30)
    last = gif.convert("RGB").copy()
    assert first.tobytes() != last.tobytes()  # the monster moved


def test_the_raster_painter_paints_each_primitive_kind_where_the_scene_says() -> None:
    scene = Scene(
        [rect(0, 0, 100, 100, fill="#ffffff")],
        [
            [rect(10, 10, 20, 20, fill="#ff0000")],
            [circle(70, 20, 10, fill="#00ff00")],
            [line(10, 60, 90, 60, stroke="#0000ff", lw=6)],
            [poly([(60, 70), (90, 70), (75, 95)], closed=True, fill="#ff00ff")],
            [rect(10, 70, 20, 20, fill="#000000", a=0.5)],
            [text(20, 45, "A", size=10, fill="#000000")],
        ],
        width=100,
        height=100,
    )
    im = scene_image(scene)
    assert im.size == (100, 100)
    assert im.getpixel((20, 20)) == (255, 0, 0)
    assert im.getpixel((70, 20)) == (0, 255, 0)
    assert im.getpixel((50, 60)) == (0, 0, 255)
    assert im.getpixel((75, 78)) == (255, 0, 255)
    assert all(120 <= v <= 135 for v in im.getpixel((20, 80)))  # half-transparent black
    assert im.crop((14, 38, 26, 52)).convert("L").getextrema()[0] < 100  # the letter


def _pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.3, 841.9)), ("letter", (612, 792))])
def test_the_handout_is_one_page_of_the_paper_asked(
    turn: TurnPictures, paper: str, size: tuple[float, float]
) -> None:
    pdf = turn_handout(turn, paper=paper, dpi=60)
    assert pdf.startswith(b"%PDF")
    pages = _pdf_pages(pdf)
    assert len(pages) == 1
    assert abs(pages[0][0] - size[0]) < 1.5 and abs(pages[0][1] - size[1]) < 1.5


def test_the_handout_has_a_picture_and_the_sentences_for_each_step(turn: TurnPictures) -> None:
    cells = step_scenes(turn)
    assert len(cells) == 9  # eight steps, then the final look with the end
    assert cells[2][1][-1] == "step 3: eats pawn C at (12, 5) (M7)"
    assert cells[-1][1][0].startswith("final look: ")
    # sight turns are told by their look, as in the narration
    assert sum(len(s) for _, s in cells) == 26


def test_a_long_turn_takes_more_pages(turn: TurnPictures) -> None:
    pos = Position.from_json(BASIC.read_text())
    pdf = turn_handout(pos, "20", dpi=40)
    assert len(step_scenes(TurnPictures.play(pos, "20"))) == 21
    assert len(_pdf_pages(pdf)) == 2  # 21 pictures: more than one page holds


@pytest.mark.parametrize("suffix", ["svg", "gif", "pdf"])
def test_the_command_line_saves_the_turn(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"turn.{suffix}"
    assert main(["monster", str(BASIC), "--tile", "8", "--save", str(out)]) == 0
    data = out.read_bytes()
    magic = {"svg": b"<svg", "gif": b"GIF89a", "pdf": b"%PDF"}[suffix]
    assert data.startswith(magic)
    assert capsys.readouterr().out.startswith("tile 8\nstep 1:")


def test_the_command_line_refuses_an_unknown_picture_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["monster", str(BASIC), "--tile", "8", "--save", str(tmp_path / "t.bmp")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and ".svg, .gif or .pdf" in captured.err
    assert not (tmp_path / "t.bmp").exists()
