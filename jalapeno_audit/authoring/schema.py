"""JSON Schema of claim files, generated from the field declarations the loader validates with."""

from __future__ import annotations

from jalapeno_audit.corpus.catalog import Catalog
from jalapeno_audit.corpus.claimspec import CLAIM_SPEC, DATE_SPEC, FILE_SPEC, SOURCE_SPEC
from jalapeno_audit.corpus.fields import CATALOG_ID_PATTERN, ID_PATTERN, Field, ObjectSpec

SCHEMA_ID = "https://jalapeno-audit.invalid/claim-file.schema.json"
_NUMBER = {"oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^\s*[+-]?\d+(\.\d+)?\s*/\s*\d+(\.\d+)?\s*$"}]}


def _field_schema(field: Field, catalog: Catalog) -> dict:
    kind = field.kind
    schema: dict[str, object]
    if kind == "id":
        schema = {"type": "string", "pattern": f"^{ID_PATTERN}$"}
    elif kind in ("text", "filename"):
        schema = {"type": "string", "minLength": 1}
        if kind == "filename":
            schema["pattern"] = r"^[^/\\]+$"
    elif kind == "date":
        schema = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
    elif kind == "choice":
        schema = {"enum": list(field.choices)}
    elif kind == "bool":
        schema = {"type": "boolean"}
    elif kind == "conditions":
        schema = {"type": "object", "additionalProperties": {"type": ["number", "string"]}}
    elif kind == "figure":
        schema = {"oneOf": [_NUMBER, {"type": "array", "items": _NUMBER, "minItems": 2, "maxItems": 2}]}
    elif kind == "datespec":
        schema = _object(DATE_SPEC, catalog)
    elif kind in ("system", "model", "metric"):
        ids = sorted(getattr(catalog, kind + "s"))
        schema = {"type": "string", "pattern": f"^{CATALOG_ID_PATTERN}$", "examples": ids}
    elif kind == "models":
        schema = {"type": "array", "minItems": 1, "items": {"type": "string", "examples": sorted(catalog.models)}}
    elif kind == "unit":
        schema = {"type": "string", "examples": sorted(catalog.known_units())}
    elif kind == "source":
        schema = _object(SOURCE_SPEC, catalog)
    elif kind == "claims":
        schema = {"type": "array", "items": _claim(catalog)}
    else:  # pragma: no cover - every declared kind is handled above
        raise ValueError(kind)
    schema["description"] = field.doc
    return schema


def _object(spec: ObjectSpec, catalog: Catalog) -> dict:
    schema = {
        "type": "object",
        "properties": {f.name: _field_schema(f, catalog) for f in spec.fields},
        "required": [f.name for f in spec.fields if f.required],
        "additionalProperties": False,
    }
    if spec.relations:
        schema["allOf"] = [relation.schema() for relation in spec.relations]
    return schema


def _claim(catalog: Catalog) -> dict:
    return _object(CLAIM_SPEC, catalog)


def claim_file_schema(catalog: Catalog) -> dict:
    """The schema of one claim file; catalog ids are offered as examples for completion."""
    schema = _object(FILE_SPEC, catalog)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "jalapeno-audit claim file",
        "description": "One source document and the claims it makes. See the project README.",
        **schema,
    }
