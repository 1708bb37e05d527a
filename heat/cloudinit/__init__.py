"""The boot-time parts heat puts in a server's user data, read by cloud-init.

``config`` (cloud-config), ``boothook.sh`` (a cloud boothook), ``part_handler.py`` (a
cloud-init part handler that stores heat's ``text/x-cfninitdata`` parts for
heat-cfntools) and ``loguserdata.py`` (runs the user's script, logging its output). They
are data files: :mod:`heat.engine.user_data` reads them and assembles the message.
"""
