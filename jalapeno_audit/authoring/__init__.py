"""Writing claim files: the scaffold of `audit new`, the JSON Schema, the claims tables."""
