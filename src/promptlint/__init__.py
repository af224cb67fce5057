"""promptlint: a static-analysis linter for LLM prompt policies."""

__all__ = ["__version__"]

# the one place the version is written: hatchling reads it from here at build time, so
# `--version` needs no importlib.metadata lookup (~20 ms of start-up)
__version__ = "0.1.0"
