"""Column types of Heat's schema: JSON documents kept as text.

JSON goes into ``TEXT`` columns (``LONGTEXT`` on MySQL, whose ``TEXT`` stops at 64 KiB)
so that every backend stores it the same way and old rows stay readable.
"""

import json
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import mysql
from sqlalchemy.engine import Dialect


class Json(sa.types.TypeDecorator):
    """A JSON-serializable value stored as text; ``None`` stays SQL ``NULL``."""

    impl = sa.Text
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> sa.types.TypeEngine:
        if dialect.name in ("mysql", "mariadb"):
            return dialect.type_descriptor(mysql.LONGTEXT())
        return dialect.type_descriptor(sa.Text())

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        if value is None:
            return None
        return json.dumps(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        return json.loads(value)
