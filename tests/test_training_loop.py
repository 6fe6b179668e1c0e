"""Averaged weights: a run exports the moving average of its steps, and a soup the mean of runs."""

from __future__ import annotations

import importlib

import pytest

from lcr_vision.cli import build_parser, main

torch = pytest.importorskip("torch", reason="the training loop needs the train extra (PyTorch)")
loop = importlib.import_module("lcr_vision.training.optimise")
nets = importlib.import_module("lcr_vision.training.nets")


def test_only_networks_of_one_shape_make_a_soup() -> None:
    narrow = nets.Classifier().state_dict()
    wide = nets.Classifier((16, 32, 32, 64, 64, 128)).state_dict()
    with pytest.raises(ValueError, match="one shape"):
        nets.average([narrow, wide])


def test_the_average_follows_floats_and_takes_counters_as_they_are() -> None:
    net = torch.nn.BatchNorm1d(2)
    average = loop.WeightAverage(net, decay=0.5)
    for value in (1.0, 3.0, 5.0):
        net.running_mean.fill_(value)
        net.num_batches_tracked.fill_(int(value))
        average.update(net)
    average.copy_to(net)
    # keeps 0, then 1/3, then 1/2 of the old average: 1 -> 2.333 -> 3.667
    assert net.running_mean.tolist() == pytest.approx([11 / 3] * 2)
    assert int(net.num_batches_tracked) == 5


def test_a_run_exports_the_average_of_its_steps_weighing_later_ones_more() -> None:
    torch.manual_seed(0)
    net = torch.nn.Linear(4, 1)
    x = torch.randn(64, 4)
    stream = iter(lambda: (x, x.sum(1, keepdim=True) + torch.randn(64, 1)), None)
    steps = []
    hook = importlib.import_module("torch.optim.optimizer").register_optimizer_step_post_hook(
        lambda *_: steps.append(net.weight.detach().clone()))
    try:
        loop._fit(net, loop.Budget(200), 0.05, stream,
                  lambda b: torch.nn.functional.mse_loss(net(b[0]), b[1]), lambda line: None, "t")
    finally:
        hook.remove()
    # before the decay cap is reached, step u's weights count u times
    weights = torch.arange(1, len(steps) + 1, dtype=torch.float32)
    expected = (torch.stack(steps) * weights[:, None, None]).sum(0) / weights.sum()
    assert len(steps) == 200 and not torch.allclose(net.weight, steps[-1], atol=1e-4)
    assert torch.allclose(net.weight, expected, atol=1e-5)
    assert torch.allclose(net.weight, torch.ones(1, 4), atol=0.3)  # and it fits the data


def test_a_stopped_run_leaves_its_average_to_train_on_from(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every CHECKPOINT_SECONDS the moving average goes to disk, so a run killed at any moment
    resumes (``--classifier-init`` the .pt) from where it was, less a few minutes."""
    monkeypatch.setattr(loop, "CHECKPOINT_SECONDS", 0.0)
    torch.manual_seed(0)
    net = torch.nn.Linear(4, 1)
    x = torch.randn(64, 4)
    stream = iter(lambda: (x, x.sum(1, keepdim=True)), None)
    saved = tmp_path / "classifier.pt"
    lines: list[str] = []
    loop._fit(net, loop.Budget(30), 0.05, stream,
              lambda b: torch.nn.functional.mse_loss(net(b[0]), b[1]), lines.append, "t", saved)
    assert sum("saved" in line for line in lines) == 30
    resumed = torch.nn.Linear(4, 1)
    resumed.load_state_dict(torch.load(saved))
    assert torch.allclose(resumed.weight, net.weight)  # the last save is the exported average


@pytest.mark.parametrize(("option", "text", "reason", "good"), [
    *(("--face-score", t, f"must be a number between 0 and 1, not {t!r}", "0.35")
      for t in ("1.5", "0", "x")),
    *(("--crop", t, f"expected a side from 16 to 128 pixels, got {t!r}", "56")
      for t in ("8", "200", "x")),
    *(("--pip-share", t, f"expected a share of pip renders from 0 to 0.6, got {t!r}", "0.25")
      for t in ("0.7", "-0.1", "x")),
    *(("--dim-ink", t, f"must be a number between 0 and 1, not {t!r}", "0.3")
      for t in ("1.5", "0", "x")),
])
def test_a_setting_out_of_range_is_refused_in_one_line(
        option: str, text: str, reason: str, good: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["train", option, text])
    assert f"argument {option}: {reason}" in capsys.readouterr().err.splitlines()[-1]
    parsed = parser.parse_args(["train", option, good])
    assert vars(parsed)[option[2:].replace("-", "_")] == float(good)


@pytest.mark.parametrize("text", ["80-14", "14-300", "2-20", "14", "x-y"])
def test_a_die_size_range_must_be_low_to_high_and_fit_a_view(
        text: str, capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["train", "--crop-die-px", text])
    assert (f"argument --crop-die-px: expected LO-HI pixels with 6 <= LO < HI <= 200, got "
            f"{text!r}") in capsys.readouterr().err.splitlines()[-1]
    assert parser.parse_args(["train", "--crop-die-px", "14-128"]).crop_die_px == (14.0, 128.0)


def test_the_commands_defaults_are_the_training_modules_own() -> None:
    """``lcr-vision train --help`` loads no PyTorch, so it spells the defaults out."""
    from lcr_vision.cli import train
    from lcr_vision.training.augment import JPEG_FLOOR
    from lcr_vision.training.batches import CROP_DIE_PX
    from lcr_vision.training.lite import LiteClassifier
    from lcr_vision.training.renders import PIP_SHARE, TILT_MAX
    from lcr_vision.vision import spec

    assert (train.CLASSIFIER_WIDTHS, train.LITE_CROP, train.TILT_MAX, train.PIP_SHARE,
            train.JPEG_FLOOR, train.CROP_DIE_PX, train.CROP, train.FACE_SCORE) == (
        nets.CLASSIFIER_WIDTHS, LiteClassifier.crop, TILT_MAX, PIP_SHARE, JPEG_FLOOR,
        CROP_DIE_PX, spec.CROP, spec.FACE_SCORE)


def test_training_without_the_train_extra_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from lcr_vision.cli import train

    found = train.importlib.util.find_spec
    monkeypatch.setattr(train.importlib.util, "find_spec",
                        lambda name: None if name == "torch" else found(name))
    assert main(["train"]) == 2
    assert capsys.readouterr().err == (
        "lcr-vision: error: training needs the train extra (PyTorch): make .venv/.train\n")
