"""Translation markers for user-facing messages (oslo.i18n, domain ``heat``)."""

import oslo_i18n

_translators = oslo_i18n.TranslatorFactory(domain="heat")

_ = _translators.primary
