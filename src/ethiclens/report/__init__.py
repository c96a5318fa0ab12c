"""Reports: the versioned JSON schema, atomic writing, HTML and model cards."""

from ._schema import load_schema, validate_report
from ._write import write_atomic

__all__ = ["load_schema", "validate_report", "write_atomic"]
