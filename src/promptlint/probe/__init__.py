"""Probing subject models (WIRE §4.5): policy-only turns and the tool-action harness."""
