"""Resources that are things in Designate: zones and their record sets
(``OS::Designate::*``), and the hidden types of Designate's removed v1 API."""
