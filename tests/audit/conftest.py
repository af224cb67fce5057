"""The audit tests read probe runs made with the scripted server of tests/probe."""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(_TESTS / "llm"), str(_TESTS / "probe")]
