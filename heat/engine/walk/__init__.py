"""Stack actions as plans and the strategies that carry them out.

A plan (:mod:`.plan`) says which step happens to which resource and in what order; what an
update does to each resource is decided once (:mod:`.decision`) for the update and its
preview. A strategy (:mod:`.strategy`) runs the plan.
"""
