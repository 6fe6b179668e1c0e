"""`lcr-vision bench`: the speed figures the README quotes, measured together in one run.

The machines this runs on are shared and noisy, so every part is measured in the same run and the
reader is also given as a ratio to decoding the same JPEG, which scales with the machine.
``--only accuracy`` measures the model's accuracy figures instead, every way onnxruntime can run
them (``lcr_vision.measure.accuracy``), and writes or checks the floors the tests hold.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from lcr_vision.errors import Said, UserError, os_reason

PARTS = ("reader", "renderer", "simulate", "odds")  # the speed figures, measured by default
SLOW_PARTS = ("accuracy",)  # minutes: measured only when named
PHOTO = (4032, 3024)  # a phone's photo, read at every scale as `detect` reads it
WEBCAM_MODES = ((1280, 720), (1920, 1080))  # a webcam's larger modes, read in its one look


def _progress(line: str) -> None:
    """Long work says what it is doing (on stderr, so that --json stays one object)."""
    print(f"bench: {line}", file=sys.stderr, flush=True)


def _reader(args: argparse.Namespace) -> dict[str, Any]:
    from lcr_vision.measure.speed import TIMED, reader_speed, sample_frame

    speed = reader_speed(model_path=args.model, runs=args.runs)
    one_view = reader_speed(model_path=args.model, runs=args.runs, threads=(1,),
                            reading=replace(TIMED, views=1))
    told = reader_speed(model_path=args.model, runs=args.runs, threads=(1,),
                        reading=replace(TIMED, find_up=False))
    every_die = reader_speed(model_path=args.model, runs=args.runs, threads=(1,),
                             reading=replace(TIMED, second_below=math.inf))
    every_scale = reader_speed(model_path=args.model, runs=args.runs, threads=(1,),
                               reading=replace(TIMED, pyramid=True))
    photo = reader_speed(sample_frame(size=PHOTO), args.model, runs=max(1, args.runs // 10),
                         threads=(1,), reading=replace(TIMED, pyramid=True))
    modes = {size: reader_speed(sample_frame(size=size), args.model, runs=args.runs,
                                threads=(1,)) for size in WEBCAM_MODES}
    figures = {
        "ms_median": {str(k): round(v, 2) for k, v in speed.median_ms.items()},
        "ms_p90": {str(k): round(v, 2) for k, v in speed.p90_ms.items()},
        "one_view_ms_median": round(one_view.median_ms[1], 2),
        "far_side_told_ms_median": round(told.median_ms[1], 2),
        "photo_ms_median": round(every_scale.median_ms[1], 2),
        "photo_4032x3024_ms_median": round(photo.median_ms[1], 1),
        "photo_4032x3024_decode_ms": round(photo.decode_ms, 1),
        "jpeg_decode_ms": round(speed.decode_ms, 2),
        "decodes_per_read": round(speed.decode_ratio, 2),
        "second_look_all_decodes": round(every_die.median_ms[1] / speed.decode_ms, 2),
        **{f"webcam_{w}x{h}_per_640x480": round(m.median_ms[1] / speed.median_ms[1], 2)
           for (w, h), m in modes.items()},
    }
    if speed.median_ms[2] > speed.median_ms[1]:
        figures["note"] = ("two threads read slower than one here: a frame's small networks do "
                           "not split well over cores another program is using; keep --threads 1")
    return figures


def _renderer(args: argparse.Namespace) -> dict[str, Any]:
    from lcr_vision.synth.speed import frames_per_second

    return {
        "stills_fps": round(frames_per_second(frames=args.runs), 1),
        "throw_fps": round(frames_per_second(frames=args.runs, throws=True), 1),
    }


def _simulate(args: argparse.Namespace) -> dict[str, Any]:
    from lcr_vision.random_games import games_per_second

    return {"five_player_games_per_s": round(games_per_second(players=5))}


def _odds(args: argparse.Namespace) -> dict[str, Any]:
    from lcr_vision.odds.timing import solve_times

    times = solve_times(players=range(3, args.odds_players + 1), progress=_progress)
    return {"solve_s": {str(n): round(t, 3) for n, t in times.items()}}


def _accuracy(args: argparse.Namespace) -> dict[str, Any]:
    from lcr_vision.measure.accuracy import WAYS, below, floors, measure

    counts = measure(WAYS[:1] if args.check else WAYS, args.model, _progress)
    bounds = {k: b.to_json() for k, b in floors(counts).items()}
    if args.check:
        args.missed = below(counts, args.held)
    if args.write_floors:
        try:
            args.write_floors.write_text(json.dumps(bounds, indent=1) + "\n")
        except OSError as exc:
            raise UserError(Said("cannot_write", {"path": str(args.write_floors),
                                                   "why": os_reason(exc)})) from None
    return bounds


MEASURES: dict[str, Callable[[argparse.Namespace], dict[str, Any]]] = {
    "reader": _reader, "renderer": _renderer, "simulate": _simulate, "odds": _odds,
    "accuracy": _accuracy,
}


def _print_text(results: dict[str, dict[str, Any]]) -> None:
    for part, figures in results.items():
        print(part)
        for key, value in figures.items():
            if isinstance(value, dict):
                value = "  ".join(f"{k}: {v}" for k, v in value.items())
            print(f"  {key:26} {value}")


def run(args: argparse.Namespace) -> int:
    """Measure the chosen parts and print them."""

    parts = [p.strip() for p in args.only.split(",")] if args.only else list(PARTS)
    unknown = [p for p in parts if p not in MEASURES]
    if unknown:
        raise UserError(Said("unknown_part", {"name": unknown[0],
                                              "allowed": ", ".join(PARTS + SLOW_PARTS)}))
    if (args.write_floors or args.check) and parts != ["accuracy"]:
        raise UserError(Said("floors_alone"))
    if args.check:  # read before minutes of measuring, not after
        from lcr_vision.measure.accuracy import Bound

        try:
            args.held = {k: Bound.from_json(v)
                         for k, v in json.loads(args.check.read_text()).items()}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise UserError(Said("floors_unreadable", {"path": str(args.check),
                                                        "why": str(exc)})) from None
    if args.odds_players < 3 or args.odds_players > 8:
        raise UserError(Said("odds_players_range", {"least": 3, "most": 8}))
    results = {}
    for part in parts:
        _progress(f"measuring {part}")
        results[part] = MEASURES[part](args)
    if args.json:
        print(json.dumps(results))
    else:
        _print_text(results)
    missed = getattr(args, "missed", [])
    if missed:  # after the figures, so that what was measured is seen
        raise UserError(Said("floors_missed", {"n": len(missed), "path": str(args.check),
                                               "first": missed[0]}))
    return 0


HELP = "measure reader, renderer, simulation and odds speed"
DESCRIPTION = (
    "Measure, in one run: the dice reader's milliseconds per 640x480 frame (median and 90th "
    "percentile, 1 and 2 threads, and as a multiple of decoding that JPEG, beside the same "
    "multiple where every die, not only the unsure ones, is given the second look; and with one "
    "thread reading each die in one view instead of four quarter-turns (an upright model's two: "
    "as cut and mirrored), an upright model told the table's far side as a calibrated profile "
    "reads (not finding it in each frame), and looking at every scale as "
    "`detect` reads photos, on that frame and on a 4032x3024 photo; and a webcam's 1280x720 "
    "and 1920x1080 frames of the same view, as multiples of the 640x480 read), the renderer's "
    "frames per second, simulated five-player games per second and the exact odds solver's "
    "time from the start for 3 players up to --odds-players. `--only accuracy` measures the "
    "model's accuracy figures instead (minutes), with one and two threads and onnxruntime's "
    "graph optimisations on and off, and each figure's floor for the tests."
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--only", metavar="PARTS",
                   help=f"comma-separated parts to measure (default all: {','.join(PARTS)}; "
                   f"also {','.join(SLOW_PARTS)})")
    p.add_argument("--runs", type=int, default=100,
                   help="timed frames per reader setting and rendered frames (default 100)")
    p.add_argument("--odds-players", type=int, default=8,
                   help="largest table for the odds timing, 3-8 (default 8)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--model", type=Path,
                   help="the ONNX model whose reading speed and accuracy to measure "
                   "(default: the shipped one)")
    p.add_argument("--write-floors", type=Path, metavar="JSON",
                   help="with --only accuracy: write the figures' floors here (tests/floors.json)")
    p.add_argument("--check", type=Path, metavar="JSON",
                   help="with --only accuracy: measure once and fail unless every figure holds "
                   "the floors in this file")
