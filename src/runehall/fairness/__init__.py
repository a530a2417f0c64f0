"""Provably fair rolling: seed commitments, fair logs and their verification (docs/fairness.md)."""
