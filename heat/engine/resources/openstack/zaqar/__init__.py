"""Resources that are things in Zaqar (``OS::Zaqar::*``): queues, their subscriptions (one
kind of which starts Mistral workflows), and pre-signed URLs of queues."""
