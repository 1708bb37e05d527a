"""Resources that are things in Zaqar (``OS::Zaqar::*``): queues, their subscriptions, and
pre-signed URLs of queues."""
