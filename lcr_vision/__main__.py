"""`python -m lcr_vision` is the same program as `lcr-vision`."""

from lcr_vision.cli import main

raise SystemExit(main())
