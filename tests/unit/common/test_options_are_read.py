"""Every option heat registers is read by the code it describes: an option that nothing
reads is a promise to operators that heat does not keep (issue 16).

An option counts as read when the source outside its declaration reads an attribute or
key of its name; the keystoneauth sections count as read through keystoneauth's loaders
when the code names the section and calls the loader of that kind of option.
"""

import pathlib
import re

from keystoneauth1 import loading as ks_loading

from heat.common import config

HEAT = pathlib.Path(__file__).resolve().parents[3] / "heat"
DECLARATIONS = (HEAT / "common" / "options", HEAT / "common" / "config.py")


def _sources() -> dict[pathlib.Path, str]:
    return {
        path: path.read_text()
        for path in HEAT.rglob("*.py")
        if not any(path == place or place in path.parents for place in DECLARATIONS)
    }


def _read_by_name(sources: dict, name: str) -> bool:
    pattern = re.compile(r"(\.%s\b|[\"']%s[\"'])" % (name, name))
    return any(pattern.search(text) for text in sources.values())


def _keystoneauth_loaders() -> dict[str, set[str]]:
    """The options each keystoneauth loader reads, by the loader's name."""
    auth = ks_loading.get_auth_common_conf_options()
    auth += ks_loading.get_auth_plugin_conf_options("password")
    return {
        "load_auth_from_conf_options": {opt.dest for opt in auth},
        "load_session_from_conf_options": {
            opt.dest for opt in ks_loading.get_session_conf_options()
        },
        "load_adapter_from_conf_options": {
            opt.dest for opt in ks_loading.get_adapter_conf_options()
        },
    }


def _read_by_keystoneauth(sources: dict, group: str, name: str) -> bool:
    for loader, names in _keystoneauth_loaders().items():
        if name not in names:
            continue
        named = re.compile(r"[\"']%s[\"']" % re.escape(group))
        texts = sources.values()
        if any(loader in text for text in texts) and any(named.search(text) for text in texts):
            return True
    return False


def unread_options() -> list[str]:
    """``group.option`` of every registered heat option that no code reads."""
    sources = _sources()
    unread = []
    for group, opts in config.list_opts():
        section = group or "DEFAULT"
        for opt in opts:
            if _read_by_name(sources, opt.dest):
                continue
            if group and _read_by_keystoneauth(sources, group, opt.dest):
                continue
            unread.append("%s.%s" % (section, opt.dest))
    return unread


def test_every_registered_option_is_read():
    assert unread_options() == []


def test_an_option_nothing_reads_is_reported(monkeypatch):
    def with_an_unread_one():
        yield None, [config.cfg.StrOpt("no_code_reads_this_option")]

    monkeypatch.setattr(config, "list_opts", with_an_unread_one)
    assert unread_options() == ["DEFAULT.no_code_reads_this_option"]
