"""Re-encryption of existing rows for ``heat-manage update_params``: hidden parameters of
stored environments and resolved resource properties, encrypted or decrypted in place.

Rows are read in batches ordered by id, each batch in its own transaction, so that a large
database is never held in memory nor locked for long. A row that fails is reported and
skipped; the others are still converted.
"""

import logging
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import sqlalchemy as sa

from heat.common import crypt, exception
from heat.common.context import RequestContext
from heat.db.sqlalchemy import models
from heat.db.sqlalchemy.facade import writer

LOG = logging.getLogger(__name__)

#: ``(template, environment, key)`` to the environment to store, or None to leave it.
EnvironmentConversion = Callable[[Mapping[str, Any], Mapping[str, Any], str], Any]


def _batches(context: RequestContext, model: Any, condition: Any, size: int) -> Iterator[list]:
    marker = 0
    while True:
        query = sa.select(model).where(model.id > marker, condition).order_by(model.id).limit(size)
        with writer(context) as session:
            rows = list(session.scalars(query))
            if not rows:
                return
            yield rows
        marker = rows[-1].id


def convert_environments(
    context: RequestContext,
    convert: EnvironmentConversion,
    key: str,
    batch_size: int = 50,
    verbose: bool = False,
) -> list[Exception]:
    """Store ``convert(template, environment, key)`` as each raw template's environment
    when it gives one; return the errors met."""
    errors: list[Exception] = []
    condition = models.RawTemplate.environment.isnot(None)
    for rows in _batches(context, models.RawTemplate, condition, batch_size):
        for row in rows:
            if verbose:
                LOG.info("Processing raw_template %s...", row.id)
            try:
                converted = convert(row.template or {}, row.environment or {}, key)
            except (ValueError, TypeError, KeyError, exception.HeatException) as error:
                LOG.error("Failed to convert parameters of raw template %d: %s", row.id, error)
                errors.append(error)
                continue
            if converted is not None:
                row.environment = converted
    return errors


def convert_properties_data(
    context: RequestContext,
    key: str,
    encrypt: bool,
    batch_size: int = 50,
    verbose: bool = False,
) -> list[Exception]:
    """Encrypt (or decrypt) every resolved properties row not yet so; return the errors."""
    model = models.ResourcePropertiesData
    condition = sa.func.coalesce(model.encrypted, False) != encrypt
    errors: list[Exception] = []
    for rows in _batches(context, model, condition, batch_size):
        for row in rows:
            if verbose:
                LOG.info("Processing resource_properties_data %s...", row.id)
            try:
                if row.data:
                    convert = crypt.encrypted_dict if encrypt else crypt.decrypted_dict
                    row.data = convert(row.data, key)
            except (ValueError, TypeError, exception.HeatException) as error:
                LOG.error("Failed to convert resource_properties_data %d: %s", row.id, error)
                errors.append(error)
                continue
            row.encrypted = encrypt
    return errors
