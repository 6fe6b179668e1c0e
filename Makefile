# The README's two commands: `make demo` and `make test`. Both build .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: venv demo test lint train clean

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

demo: venv
	$(BIN)/lcr-vision demo

test: venv
	$(BIN)/python -m pytest -q

lint: venv
	$(BIN)/ruff check lcr_vision tests

# Training needs the optional PyTorch extra (CPU wheel); it is never needed at run time.
train: venv
	$(BIN)/python -m pip install -q -e '.[dev,train]'
	$(BIN)/python -m lcr_vision.training

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
