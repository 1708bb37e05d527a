"""The intrinsic functions of HOT, one module per theme.

Which names a template version accepts, and which class implements each, is the data of
:mod:`heat.engine.hot.function_tables`.
"""
