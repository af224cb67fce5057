"""Fixtures of the probe tests: the scripted server of tests/llm is shared."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
