"""The code of the methods ``_records.dataclass`` writes for the classes of rules, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','state','checks','events','length','total',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["00377d5e86fece9cfcc40c5a050e2742"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.cost,self.can_act,self.actions,self.info,))
 return __hash__
CODE["0c91d883308910e462dc08e9eb8ab053"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_at, _type_areas, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit,at:_type_at,areas:_type_areas)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'areas',areas)
 return __init__
CODE["0de8f4ced78e4a5fbd2beef36867614f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(state={self.state!r}, cost={self.cost!r}, can_act={self.can_act!r}, actions={self.actions!r}, checks={self.checks!r}, moves={self.moves!r}, to_act={self.to_act!r})"
 return __repr__
CODE["0ea3fdae86e20fa6b154bc0e4e96a578"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["122c8c400b33ef3904f4e4b4622f9b0f"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_title, _type_space, _type_engine, _type_schema, _type_renderer, _type_play, _type_threat, _type_hints, _type_capabilities, _type_order, _type_maps, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_renderer, _dflt_play, _dflt_threat, _dflt_hints, _dflt_capabilities, _dflt_order, _dflt_maps, _return_type):
 def __init__(self,id:_type_id,title:_type_title,space:_type_space,engine:_type_engine,schema:_type_schema,renderer:_type_renderer=_dflt_renderer,play:_type_play=_dflt_play,threat:_type_threat=_dflt_threat,hints:_type_hints=_HAS_DEFAULT_FACTORY,capabilities:_type_capabilities=_dflt_capabilities,order:_type_order=_dflt_order,maps:_type_maps=_dflt_maps)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'title',title)
  __dataclass_builtins_object__.__setattr__(self,'space',space)
  __dataclass_builtins_object__.__setattr__(self,'engine',engine)
  __dataclass_builtins_object__.__setattr__(self,'schema',schema)
  __dataclass_builtins_object__.__setattr__(self,'renderer',renderer)
  __dataclass_builtins_object__.__setattr__(self,'play',play)
  __dataclass_builtins_object__.__setattr__(self,'threat',threat)
  __dataclass_builtins_object__.__setattr__(self,'hints',_dflt_hints() if hints is _HAS_DEFAULT_FACTORY else hints)
  __dataclass_builtins_object__.__setattr__(self,'capabilities',capabilities)
  __dataclass_builtins_object__.__setattr__(self,'order',order)
  __dataclass_builtins_object__.__setattr__(self,'maps',maps)
  self.__post_init__()
 return __init__
CODE["123e9dd159af80b54deae2fa35d5c92d"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(budget={self.budget!r}, act={self.act!r}, end={self.end!r}, closed={self.closed!r}, occupied={self.occupied!r}, walk={self.walk!r})"
 return __repr__
CODE["12a9627e8ea6123401f93e5070d1e6da"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_legal, _type_end, _type_steps, _type_error, _type_move_events, _type_start, _type_refused_at, _type_field_text, _type_cost, _type_can_act, _type_actions, _type_info, _type_cost_unit, _type_start_code, _type_start_state, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_move_events, _dflt_start, _dflt_refused_at, _dflt_field_text, _dflt_info, _dflt_cost_unit, _dflt_start_code, _dflt_start_state, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit,legal:_type_legal,end:_type_end,steps:_type_steps,error:_type_error=_dflt_error,move_events:_type_move_events=_dflt_move_events,start:_type_start=_dflt_start,refused_at:_type_refused_at=_dflt_refused_at,field_text:_type_field_text=_dflt_field_text,cost:_type_cost,can_act:_type_can_act,actions:_type_actions,info:_type_info=_HAS_DEFAULT_FACTORY,cost_unit:_type_cost_unit=_dflt_cost_unit,start_code:_type_start_code=_dflt_start_code,start_state:_type_start_state=_HAS_DEFAULT_FACTORY)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'legal',legal)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'steps',steps)
  __dataclass_builtins_object__.__setattr__(self,'error',error)
  __dataclass_builtins_object__.__setattr__(self,'move_events',move_events)
  __dataclass_builtins_object__.__setattr__(self,'start',start)
  __dataclass_builtins_object__.__setattr__(self,'refused_at',refused_at)
  __dataclass_builtins_object__.__setattr__(self,'field_text',field_text)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'can_act',can_act)
  __dataclass_builtins_object__.__setattr__(self,'actions',actions)
  __dataclass_builtins_object__.__setattr__(self,'info',_dflt_info() if info is _HAS_DEFAULT_FACTORY else info)
  __dataclass_builtins_object__.__setattr__(self,'cost_unit',cost_unit)
  __dataclass_builtins_object__.__setattr__(self,'start_code',start_code)
  __dataclass_builtins_object__.__setattr__(self,'start_state',_dflt_start_state() if start_state is _HAS_DEFAULT_FACTORY else start_state)
 return __init__
CODE["15c2b3d9a25a370ccac123c0ab2703f4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.budget,self.act,self.end,self.closed,self.occupied,self.walk,)==(other.budget,other.act,other.end,other.closed,other.occupied,other.walk,)
  return NotImplemented
 return __eq__
CODE["1687a6a08ae9755db985bba6dfc1e0a3"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.at,self.areas,))
 return __hash__
CODE["1a32d64bfb0ac463aba60a42f6129587"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('budget','act','end','closed','occupied','walk',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1b9bfd4eae0cc67126d4cd7187e62935"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','title','space','engine','schema','renderer','play','threat','hints','capabilities','order','maps',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["223866d1ffc3aaf16a8e33cef0408c88"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["228cd0d3c3acb8cd84cb4f2bb604441c"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, checks={self.checks!r}, events={self.events!r}, length={self.length!r}, total={self.total!r})"
 return __repr__
CODE["2683c0a9fb2d4f1ad940fc596dd35376"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["27b200b0af908cbbcfd6e8dd0c809877"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_state, _type_checks, _type_events, _type_length, _type_total, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_state, _dflt_checks, _dflt_events, _dflt_length, _dflt_total, _return_type):
 def __init__(self,move:_type_move,length:_type_length=_dflt_length,total:_type_total=_dflt_total,*,state:_type_state=_HAS_DEFAULT_FACTORY,checks:_type_checks=_dflt_checks,events:_type_events=_dflt_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'state',_dflt_state() if state is _HAS_DEFAULT_FACTORY else state)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'length',length)
  __dataclass_builtins_object__.__setattr__(self,'total',total)
 return __init__
CODE["2949ba7dd8d88b6e1c9185bc79e80281"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, legal={self.legal!r}, end={self.end!r}, steps={self.steps!r}, error={self.error!r}, move_events={self.move_events!r})"
 return __repr__
CODE["29c2cb641da8d502ee667b0220f4fb9c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('budget','act','end','closed','occupied','walk',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2a69bfa9c4f0f1ecc1154fea4cefa3d0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','goal','message','rule','reason','needs','unit',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["3625dfd24684d977de4f4c578d322596"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.state,self.cost,self.can_act,self.actions,self.checks,self.moves,self.to_act,))
 return __hash__
CODE["3802221d588833a71d76c4357e681a52"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','cost','can_act','actions','info','cost_unit','start_code','start_state',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["3806c800240672dd41e5bb84e80ed0bc"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.checks,self.events,))
 return __hash__
CODE["38e3ea7a67b3851fa0be6561550a4e84"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, checks={self.checks!r}, events={self.events!r})"
 return __repr__
CODE["3c8f566c2e4af6412f766c80621c0b9e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','tick','budget','altitude','no_checks','strings','check_lists','ends','parent','token','ticks','label','node','flags','checks','end',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["3d2e68fc48c8cf797e1a7c7e6341e803"] = __create_fn__.__code__

def __create_fn__(_type_state, _type_cost, _type_can_act, _type_actions, _type_checks, _type_moves, _type_to_act, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_to_act, _return_type):
 def __init__(self,state:_type_state,cost:_type_cost,can_act:_type_can_act,actions:_type_actions,checks:_type_checks,moves:_type_moves,to_act:_type_to_act=_dflt_to_act)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'state',state)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'can_act',can_act)
  __dataclass_builtins_object__.__setattr__(self,'actions',actions)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
  __dataclass_builtins_object__.__setattr__(self,'to_act',to_act)
 return __init__
CODE["3e441bf6ab4cb8cb6db36cd1e4c48205"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.at,self.areas,)==(other.ruleset,other.creature,other.unit,other.at,other.areas,)
  return NotImplemented
 return __eq__
CODE["3f5fd23ecc14dbe29c6f85bc6a5f490b"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.cost,self.checks,self.moves,))
 return __hash__
CODE["3fd2947247a3404b160e071c5e9d8567"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,))
 return __hash__
CODE["4dfe3d130065b78b6865a1ad79cf6eb2"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, title={self.title!r}, space={self.space!r}, engine={self.engine!r}, schema={self.schema!r}, renderer={self.renderer!r}, play={self.play!r}, threat={self.threat!r}, hints={self.hints!r}, capabilities={self.capabilities!r}, order={self.order!r}, maps={self.maps!r})"
 return __repr__
CODE["532abe493ebf6c6a525d468e939d1f5f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','state','checks','events','length','total',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["587d349234d823e320dcf58ce4c4253b"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,)==(other.a,other.b,other.engagement,other.elevated,other.distance,other.reason,)
  return NotImplemented
 return __eq__
CODE["5a0065e6806124921637d5783a8520f5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.cost,self.checks,self.moves,)==(other.cost,other.checks,other.moves,)
  return NotImplemented
 return __eq__
CODE["66255d1a8af6f8b16e8911ee425a6092"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.cost,self.can_act,self.actions,self.info,)==(other.ruleset,other.creature,other.unit,other.legal,other.end,other.steps,other.error,other.move_events,other.cost,other.can_act,other.actions,other.info,)
  return NotImplemented
 return __eq__
CODE["6648ca0db40ffc365b40ffd3100917d2"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('cost','checks','moves',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["6c7abed197450ce52b19e5c4c0a5c1ea"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,)==(other.ruleset,other.creature,other.unit,other.legal,other.end,other.steps,other.error,other.move_events,)
  return NotImplemented
 return __eq__
CODE["6d947ba313497e3f6a552c6c1532e75b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, at={self.at!r}, areas={self.areas!r})"
 return __repr__
CODE["6ec960ca4679b23b5421b7edeca6b8f7"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','state','checks','events','cost','total','code','ticks',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["6eee984a4463fe967670c150bab0fc5e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','tick','budget','altitude','no_checks','strings','check_lists','ends','parent','token','ticks','label','node','flags','checks','end',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["70a5d710d3ecadc24168be518abe00bd"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["777fc79eee7b2790222c738444d60a20"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, tick={self.tick!r}, budget={self.budget!r}, altitude={self.altitude!r}, no_checks={self.no_checks!r}, strings={self.strings!r}, check_lists={self.check_lists!r}, ends={self.ends!r}, parent={self.parent!r}, token={self.token!r}, ticks={self.ticks!r}, label={self.label!r}, node={self.node!r}, flags={self.flags!r}, checks={self.checks!r}, end={self.end!r})"
 return __repr__
CODE["8429954741b0ed78b41c4ccb95f31dac"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.goal,self.message,self.rule,self.reason,self.needs,self.unit,))
 return __hash__
CODE["871499a0b337418d26c1ba7f8b78fd3a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','state','checks','events',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["8b60d2960fb4ee2fb2c195f74d94f839"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_legal, _type_end, _type_steps, _type_error, _type_move_events, _type_start, _type_refused_at, _type_field_text, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_error, _dflt_move_events, _dflt_start, _dflt_refused_at, _dflt_field_text, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit,legal:_type_legal,end:_type_end,steps:_type_steps,error:_type_error=_dflt_error,move_events:_type_move_events=_dflt_move_events,start:_type_start=_dflt_start,refused_at:_type_refused_at=_dflt_refused_at,field_text:_type_field_text=_dflt_field_text)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'legal',legal)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'steps',steps)
  __dataclass_builtins_object__.__setattr__(self,'error',error)
  __dataclass_builtins_object__.__setattr__(self,'move_events',move_events)
  __dataclass_builtins_object__.__setattr__(self,'start',start)
  __dataclass_builtins_object__.__setattr__(self,'refused_at',refused_at)
  __dataclass_builtins_object__.__setattr__(self,'field_text',field_text)
 return __init__
CODE["8fb97eff36c9836d1af65f3a8067aeff"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','state','checks','events','cost','total','code','ticks',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["902193a610a34ff7c8cbf9c5cad7d6db"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.goal,self.message,self.rule,self.reason,self.needs,self.unit,)==(other.ruleset,other.creature,other.goal,other.message,other.rule,other.reason,other.needs,other.unit,)
  return NotImplemented
 return __eq__
CODE["9229c9b14664632eb4e615a2aa122e06"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["93f95f837e9082f75959a84d322cfa9f"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_state, _type_checks, _type_events, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_state, _dflt_checks, _dflt_events, _return_type):
 def __init__(self,move:_type_move,*,state:_type_state=_HAS_DEFAULT_FACTORY,checks:_type_checks=_dflt_checks,events:_type_events=_dflt_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'state',_dflt_state() if state is _HAS_DEFAULT_FACTORY else state)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
 return __init__
CODE["98c1b0ff162fa16fa96514ec8d7e02c1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.checks,self.events,)==(other.move,other.checks,other.events,)
  return NotImplemented
 return __eq__
CODE["9c58d4433e61983df4523f5bd66e7a7c"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_goal, _type_message, _type_rule, _type_reason, _type_needs, _type_unit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_rule, _dflt_reason, _dflt_needs, _dflt_unit, _return_type):
 def __init__(self,ruleset:_type_ruleset,creature:_type_creature,goal:_type_goal,message:_type_message,rule:_type_rule=_dflt_rule,reason:_type_reason=_dflt_reason,needs:_type_needs=_dflt_needs,unit:_type_unit=_dflt_unit)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'goal',goal)
  __dataclass_builtins_object__.__setattr__(self,'message',message)
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
  __dataclass_builtins_object__.__setattr__(self,'needs',needs)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
 return __init__
CODE["a23a00daf77d402d7e71145de433f9fe"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_state, _type_checks, _type_events, _type_cost, _type_total, _type_code, _type_ticks, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_state, _dflt_checks, _dflt_events, _dflt_cost, _dflt_total, _dflt_code, _dflt_ticks, _return_type):
 def __init__(self,move:_type_move,cost:_type_cost=_dflt_cost,total:_type_total=_dflt_total,*,state:_type_state=_HAS_DEFAULT_FACTORY,checks:_type_checks=_dflt_checks,events:_type_events=_dflt_events,code:_type_code=_dflt_code,ticks:_type_ticks=_dflt_ticks)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'state',_dflt_state() if state is _HAS_DEFAULT_FACTORY else state)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'total',total)
  __dataclass_builtins_object__.__setattr__(self,'code',code)
  __dataclass_builtins_object__.__setattr__(self,'ticks',ticks)
 return __init__
CODE["a7be37d8ba314db07abdedbd1797342e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('cost','checks','moves',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["a8828bbc8dad8f230ccae122cc5f99c4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.state,self.cost,self.can_act,self.actions,self.checks,self.moves,self.to_act,)==(other.state,other.cost,other.can_act,other.actions,other.checks,other.moves,other.to_act,)
  return NotImplemented
 return __eq__
CODE["b93857a82183f2b84fac25770eb3d814"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.budget,self.act,self.end,self.closed,self.occupied,self.walk,))
 return __hash__
CODE["bb176470a4cbb37d77075faebe821fce"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.title,self.space,self.engine,self.schema,self.renderer,self.play,self.threat,self.hints,self.capabilities,self.order,self.maps,)==(other.id,other.title,other.space,other.engine,other.schema,other.renderer,other.play,other.threat,other.hints,other.capabilities,other.order,other.maps,)
  return NotImplemented
 return __eq__
CODE["c06d1878c4bd484996ead1aa739a316d"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.checks,self.events,self.cost,self.total,)==(other.move,other.checks,other.events,other.cost,other.total,)
  return NotImplemented
 return __eq__
CODE["c1437cff90fc7417d665e30ad0d64873"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('state','cost','can_act','actions','checks','moves','to_act',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["c1d3788965263cf7ec69060b822d8626"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','cost','can_act','actions','info','cost_unit','start_code','start_state',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["c8679157b35e52357881d974e2cbd5bf"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.checks,self.events,self.length,self.total,)==(other.move,other.checks,other.events,other.length,other.total,)
  return NotImplemented
 return __eq__
CODE["c95961ad2bd6d004d987d21c1348d269"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','title','space','engine','schema','renderer','play','threat','hints','capabilities','order','maps',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["d2e7c8629556bb51dfd17c0c2dea5657"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, legal={self.legal!r}, end={self.end!r}, steps={self.steps!r}, error={self.error!r}, move_events={self.move_events!r}, cost={self.cost!r}, can_act={self.can_act!r}, actions={self.actions!r}, info={self.info!r})"
 return __repr__
CODE["d78c742e6f4a5df37878226d81787dde"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('state','cost','can_act','actions','checks','moves','to_act',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["dfef75a204258381468ccac43d777c4f"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_tick, _type_budget, _type_altitude, _type_no_checks, _type_strings, _type_check_lists, _type_ends, _type_parent, _type_token, _type_ticks, _type_label, _type_node, _type_flags, _type_checks, _type_end, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit,tick:_type_tick,budget:_type_budget,altitude:_type_altitude,no_checks:_type_no_checks,strings:_type_strings,check_lists:_type_check_lists,ends:_type_ends,parent:_type_parent,token:_type_token,ticks:_type_ticks,label:_type_label,node:_type_node,flags:_type_flags,checks:_type_checks,end:_type_end)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'tick',tick)
  __dataclass_builtins_object__.__setattr__(self,'budget',budget)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'no_checks',no_checks)
  __dataclass_builtins_object__.__setattr__(self,'strings',strings)
  __dataclass_builtins_object__.__setattr__(self,'check_lists',check_lists)
  __dataclass_builtins_object__.__setattr__(self,'ends',ends)
  __dataclass_builtins_object__.__setattr__(self,'parent',parent)
  __dataclass_builtins_object__.__setattr__(self,'token',token)
  __dataclass_builtins_object__.__setattr__(self,'ticks',ticks)
  __dataclass_builtins_object__.__setattr__(self,'label',label)
  __dataclass_builtins_object__.__setattr__(self,'node',node)
  __dataclass_builtins_object__.__setattr__(self,'flags',flags)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
 return __init__
CODE["e1dcf999e4ef10596d070d8a0cc01f57"] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_engagement, _type_elevated, _type_distance, _type_reason, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,a:_type_a,b:_type_b,engagement:_type_engagement,elevated:_type_elevated,distance:_type_distance,reason:_type_reason)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
  __dataclass_builtins_object__.__setattr__(self,'engagement',engagement)
  __dataclass_builtins_object__.__setattr__(self,'elevated',elevated)
  __dataclass_builtins_object__.__setattr__(self,'distance',distance)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
 return __init__
CODE["e3372ebb2b1de07c3ac4787806074e1b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["e4391e4c28c0af9cec9d9dfd8180e299"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,))
 return __hash__
CODE["e5064c42dc7d466d3e56ebd4e2d86aa8"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, checks={self.checks!r}, events={self.events!r}, cost={self.cost!r}, total={self.total!r})"
 return __repr__
CODE["e5e9f5e067179eb9977883efc1092567"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, engagement={self.engagement!r}, elevated={self.elevated!r}, distance={self.distance!r}, reason={self.reason!r})"
 return __repr__
CODE["e82409087b540e8618088bdda9246981"] = __create_fn__.__code__

def __create_fn__(_type_budget, _type_act, _type_end, _type_closed, _type_occupied, _type_walk, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_walk, _return_type):
 def __init__(self,budget:_type_budget,act:_type_act,end:_type_end,closed:_type_closed,occupied:_type_occupied,walk:_type_walk=_dflt_walk)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'budget',budget)
  __dataclass_builtins_object__.__setattr__(self,'act',act)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'closed',closed)
  __dataclass_builtins_object__.__setattr__(self,'occupied',occupied)
  __dataclass_builtins_object__.__setattr__(self,'walk',walk)
 return __init__
CODE["ea56ed06cac6f9dffae5a179cc647007"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.checks,self.events,self.length,self.total,))
 return __hash__
CODE["ec4409e8b617a4ff539037988c9d9a5f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, goal={self.goal!r}, message={self.message!r}, rule={self.rule!r}, reason={self.reason!r}, needs={self.needs!r}, unit={self.unit!r})"
 return __repr__
CODE["f236a7bfec16a1b55e52c26400028da1"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.checks,self.events,self.cost,self.total,))
 return __hash__
CODE["f2bc4fdc645cccf5143651f391ba0c92"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','state','checks','events',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["fa7f312bd3c39eef585a2773358c807c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','goal','message','rule','reason','needs','unit',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["fb44dd6e641409dca57d31b3de381961"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.title,self.space,self.engine,self.schema,self.renderer,self.play,self.threat,self.hints,self.capabilities,self.order,self.maps,))
 return __hash__
CODE["fc9e384697bdbb3add7657e0cace3ae5"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(cost={self.cost!r}, checks={self.checks!r}, moves={self.moves!r})"
 return __repr__
CODE["feada023d0ef6dd368c1f39b82192fbd"] = __create_fn__.__code__

def __create_fn__(_type_cost, _type_checks, _type_moves, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,cost:_type_cost,checks:_type_checks,moves:_type_moves)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
 return __init__
CODE["ff9cc24f839345c8d0b36f4713dc7a47"] = __create_fn__.__code__
