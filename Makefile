# The README's two commands: `make demo` and `make test`. Each builds .venv with the exact versions
# of the requirements*.txt lock files first: the demo only what runs the game, the tests their tools too.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALL := $(BIN)/python -m pip install -q --disable-pip-version-check
LOCK_VENV := .lock-venv

.PHONY: venv demo test lint train gpu-train floors lock clean

venv: $(VENV)/.runtime

$(VENV)/.runtime: pyproject.toml requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(INSTALL) -r requirements.txt
	$(INSTALL) --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.test: $(VENV)/.runtime requirements-test.txt
	$(INSTALL) -r requirements-test.txt
	touch $@

$(VENV)/.train: $(VENV)/.test requirements-train.txt
	$(INSTALL) -r requirements-train.txt
	touch $@

demo: $(VENV)/.runtime
	$(BIN)/lcr-vision demo

# The tests run on every core (pytest-xdist): about 14 minutes on two cores, against 18-21 on one.
test: $(VENV)/.test
	$(BIN)/python -m pytest -q -n auto

lint: $(VENV)/.test
	$(BIN)/ruff check lcr_vision tests conftest.py

# Training needs the optional PyTorch extra (CPU wheel); it is never needed at run time.
train: $(VENV)/.train
	$(BIN)/lcr-vision train

# The prepared run for a lent GPU machine (docs/model-history.md, "Restarting training"): the lite0
# classifier on from the committed start, renders made on the machine's cores, 8 minutes of
# training, the weights left in GPU_OUT (the device's $OUT) to bring back. It needs python3 with
# PyTorch and onnx (the GPU image has them), the train extra's efficientnet-lite0 package only for
# a start from ImageNet, and the typefaces' fonts. A few CPU steps try it here:
#   make gpu-train GPU_PYTHON=.venv/bin/python GPU_DEVICE=cpu GPU_RENDERS=50 GPU_BUDGET="--classifier-steps 3"
GPU_PYTHON ?= python3
GPU_OUT ?= $(or $(OUT),runs/gpu)
GPU_DEVICE ?= cuda
GPU_RENDERS ?= 2500
GPU_WORKERS ?= $(shell nproc)
GPU_BUDGET ?= --classifier-minutes 8
GPU_START ?= models/l5-classifier.pt
gpu-train:
	PYTHONPATH=. $(GPU_PYTHON) -m lcr_vision train --work $(GPU_OUT) --out $(GPU_OUT)/dice.onnx \
		--device $(GPU_DEVICE) --workers $(GPU_WORKERS) --renders $(GPU_RENDERS) --render-seed 22 \
		--typefaces --upright --rune55 ../shared/data/rune55-d6 --rune55-share 0.2 \
		--locator models/dice.onnx --mine models/dice.onnx --backbone lite0 \
		--classifier-init $(GPU_START) $(GPU_BUDGET)

# The accuracy figures measured every way onnxruntime runs them, and the tests' floors from them
# (minutes; see lcr_vision/measure/accuracy.py). Run after shipping a model.
floors: $(VENV)/.test
	$(BIN)/lcr-vision bench --only accuracy --write-floors tests/floors.json > /dev/null

# Upgrading on purpose: the newest versions pyproject.toml allows, frozen into the lock files only
# if the model still holds every floor of tests/floors.json with them.
lock:
	rm -rf $(LOCK_VENV) && $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q --upgrade pip setuptools
	$(LOCK_VENV)/bin/python -m pip install -q -e .
	$(LOCK_VENV)/bin/python -m pip freeze --exclude-editable > $(LOCK_VENV)/runtime.txt
	$(LOCK_VENV)/bin/python -m pip freeze --all | grep '^setuptools==' >> $(LOCK_VENV)/runtime.txt
	$(LOCK_VENV)/bin/python -m pip install -q -e '.[test]'
	$(LOCK_VENV)/bin/python -m pip freeze --exclude-editable \
		| grep -vxFf $(LOCK_VENV)/runtime.txt > $(LOCK_VENV)/test.txt
	$(LOCK_VENV)/bin/python -m pip install -q -e '.[test,train]'
	$(LOCK_VENV)/bin/python -m pip freeze --exclude-editable | sed 's/+cpu$$//' \
		| grep -vxFf $(LOCK_VENV)/runtime.txt | grep -vxFf $(LOCK_VENV)/test.txt \
		> $(LOCK_VENV)/train.txt
	$(LOCK_VENV)/bin/lcr-vision bench --only accuracy --check tests/floors.json > /dev/null
	for f in runtime:requirements test:requirements-test train:requirements-train; do \
		new=$(LOCK_VENV)/$${f%%:*}.txt lock=$${f#*:}.txt; \
		{ grep '^#' $$lock; grep '^-r' $$lock; cat $$new; } > $$lock.new && mv $$lock.new $$lock; \
	done
	rm -rf $(LOCK_VENV)

clean:
	rm -rf $(VENV) $(LOCK_VENV) build *.egg-info .pytest_cache
