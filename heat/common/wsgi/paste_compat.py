"""What an api-paste.ini written for OpenStack Heat needs from us, and what it may not get.

OpenStack Heat's files name two generic factories, ``heat.common.wsgi:app_factory`` and
``filter_factory``: each calls the callable that its section's ``heat.app_factory`` or
``heat.filter_factory`` option names with the configuration object (``factory(conf,
**options)``, ``factory(application, conf, **options)``). They also name a composite,
``heat.api:pipeline_factory``, holding one pipeline per ``[paste_deploy] flavor``, which
files of a few releases mount with ``heat.api:root_app_factory`` (Paste's URL map). Files of
older releases may name factories that exist nowhere any more; see
:mod:`heat.common.wsgi.paste_references`.
"""

from paste import urlmap

from heat.common.wsgi import loader, paste_references

APP_FACTORY_OPTION = "heat.app_factory"
FILTER_FACTORY_OPTION = "heat.filter_factory"
DEFAULT_FLAVOR = "default"


def _named_factory(local_conf: dict, option: str):
    reference = local_conf.get(option, "").strip()
    if not reference:
        raise ValueError(
            "a section using heat.common.wsgi's generic factory needs the option %s" % option
        )
    options = {key: value for key, value in local_conf.items() if key != option}
    return paste_references.resolve(reference), options


def app_factory(global_conf, **local_conf):
    """Paste app factory: ``<heat.app_factory>(conf, **other_options)``."""
    factory, options = _named_factory(local_conf, APP_FACTORY_OPTION)
    return factory(loader.conf_from(global_conf), **options)


def filter_factory(global_conf, **local_conf):
    """Paste filter factory: ``<heat.filter_factory>(application, conf, **other_options)``."""
    factory, options = _named_factory(local_conf, FILTER_FACTORY_OPTION)
    conf = loader.conf_from(global_conf)

    def make_filter(application):
        return factory(application, conf, **options)

    return make_filter


def heat_filter(middleware_class):
    """``middleware_class`` (a :class:`~heat.common.wsgi.Middleware`) as a callable of the
    ``heat.filter_factory`` protocol."""

    def make(application, conf, **options):
        return middleware_class(application, conf, options)

    make.__doc__ = "%s for heat.common.wsgi:filter_factory." % middleware_class.__name__
    return make


def pipeline_factory(paste_loader, global_conf, **local_conf):
    """Paste composite factory of ``<flavor> = filter ... app`` lines: builds the line of
    ``[paste_deploy] flavor`` (``default`` when none is set)."""
    flavor = loader.conf_from(global_conf).paste_deploy.flavor or DEFAULT_FLAVOR
    if flavor not in local_conf:
        raise loader.FlavorNotFound(flavor, sorted(local_conf))
    *filter_names, app_name = local_conf[flavor].split()
    application = paste_loader.get_app(app_name, global_conf=global_conf)
    for name in reversed(filter_names):
        application = paste_loader.get_filter(name, global_conf=global_conf)(application)
    return application


def root_app_factory(paste_loader, global_conf, **local_conf):
    """Paste's URL map composite (``egg:Paste#urlmap``: ``/path = application`` lines)."""
    return urlmap.urlmap_factory(paste_loader, global_conf, **local_conf)
