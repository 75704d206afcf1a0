"""Frame building stays fast, as a ratio to a baseline measured in the same process (never
an absolute time): the widget's synced frames of a monster turn (``trace_frames`` +
``pack_frames``) against building each frame's whole scene on its own. Sharing the pieces
that stay put and the board's static layer makes it about x0.2 (see the README's Speed
table); drawing every frame from scratch again would be about x1 or more."""

from __future__ import annotations

from tests.test_reference import load_bench


def test_building_a_turns_frames_is_fast_against_drawing_each_frame_alone() -> None:
    r = load_bench("bench_widget").measure_frames(12, repeats=3)
    assert r["frames_vs_baseline"] < 0.6, r  # about 0.3 today
