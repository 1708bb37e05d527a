"""Paste filters of the native API: faultwrap, version negotiation and TLS scheme."""
