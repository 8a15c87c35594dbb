"""jalapeno-audit: hold every benchmark figure to its source."""

__version__ = "0.1.0"
