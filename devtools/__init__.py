"""Helpers for dev.py (standard library only)."""
