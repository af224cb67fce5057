"""Imports every command module so that each registers itself on the app."""

from __future__ import annotations

import importlib

__all__: list[str] = []

_COMMAND_MODULES = [
    "promptlint.cli.compile_cmd",
    "promptlint.cli.check_cmd",
    "promptlint.cli.extract_cmd",
    "promptlint.cli.encode_cmd",
    "promptlint.cli.rule_cmd",
    "promptlint.cli.init_cmd",
    "promptlint.cli.cache_cmd",
    "promptlint.cli.completion_cmd",
    "promptlint.cli.model_cmd",
    "promptlint.cli.probe_cmd",
    "promptlint.cli.audit_cmd",
    "promptlint.cli.report_cmd",
]

for _name in _COMMAND_MODULES:
    try:
        importlib.import_module(_name)
    except ModuleNotFoundError as _exc:
        if _exc.name != _name:
            raise
