"""Witness realization (WIRE §4.4): symbolic witnesses become concrete user turns."""
