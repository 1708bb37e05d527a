"""Resources that are things in Cinder: volumes and their attachments, volume types,
encryption, QoS specs and quotas (``OS::Cinder::*``)."""
