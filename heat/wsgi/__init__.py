"""The three APIs as WSGI applications for a WSGI server (uWSGI, gunicorn, mod_wsgi):
``heat.wsgi.api:application``, ``heat.wsgi.cfn:application`` and
``heat.wsgi.cloudwatch:application``. Importing one builds it (see :mod:`heat.wsgi.loading`);
nothing here monkey-patches: the server's own workers and threads serve it."""
