"""Declarations of Heat's configuration options, one module per concern.

Every module exposes ``OPTIONS``: a list of ``(group name, [Opt, ...])`` pairs.
``heat.common.config`` registers them and hands them to oslo-config-generator.
"""
