"""The code of the methods ``_records.dataclass`` writes for the classes of tactics, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__():
 def __hash__(self):
  return hash((self.level,self.area,self.by,))
 return __hash__
CODE["01b7f0eebff3129fde3ac63188d76e49"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_targets, _type_unit, _type_weights, _type_options, _type_end_text, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_end_text, _return_type):
 def __init__(self,ruleset:_type_ruleset,creature:_type_creature,targets:_type_targets,unit:_type_unit,weights:_type_weights,options:_type_options,end_text:_type_end_text=_dflt_end_text)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'targets',targets)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'weights',weights)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
  __dataclass_builtins_object__.__setattr__(self,'end_text',end_text)
 return __init__
CODE["036ec6e569473401faf7bcc66faa2612"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(target={self.target!r}, end={self.end!r}, way={self.way!r}, budget={self.budget!r}, opportunity_attacks={self.opportunity_attacks!r}, threatened_by={self.threatened_by!r}, edge={self.edge!r}, actions={self.actions!r}, rank={self.rank!r})"
 return __repr__
CODE["0397d6ad2bd241d484de91b971691bce"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('success','opportunity_attacks','threatened','edge','action','cost',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["0524cea20146c7bc92ad6ec9ed47d265"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, side={self.side!r}, creatures={self.creatures!r}, unit={self.unit!r}, level_key={self.level_key!r}, areas={self.areas!r})"
 return __repr__
CODE["07dfdd52779ad655bbdbb191b5c81a31"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.encounter,self.suggestion,self.accepted,))
 return __hash__
CODE["09dadd141690ddb3d61ed3b830d4e431"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('state','way','actions',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0cebe0a6af362229f2b4da74174766bc"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.option,self.agrees,self.cheapest,self.advice,self.command,self.without_saves,))
 return __hash__
CODE["0f67bd09f1b72a1eabd73c70f02aff05"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.creature,self.cost,self.moves,self.checks,self.how,)==(other.creature,other.cost,other.moves,other.checks,other.how,)
  return NotImplemented
 return __eq__
CODE["152706a553d769a015602c896116efc1"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','targets','unit','weights','options','end_text',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1545400ad165779fe0a138861e72105b"] = __create_fn__.__code__

def __create_fn__(_type_level, _type_area, _type_by, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,level:_type_level,area:_type_area,by:_type_by)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'level',level)
  __dataclass_builtins_object__.__setattr__(self,'area',area)
  __dataclass_builtins_object__.__setattr__(self,'by',by)
 return __init__
CODE["19f090fa6394f5d2d1886e298ff481af"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('creature','cost','moves','checks','how',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["1fe8cfe963e5db3ffd050898234ac169"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.creature,self.level,self.area,self.how,self.ends,)==(other.creature,other.level,other.area,other.how,other.ends,)
  return NotImplemented
 return __eq__
CODE["209131a2dee11111001bcf8145eb0637"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.at,self.altitude,self.by,)==(other.at,other.altitude,other.by,)
  return NotImplemented
 return __eq__
CODE["21004001f2d92b9941489d51061d74c6"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('encounter','suggestion','accepted',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2143fc9d9a233b580aa6a78d2d315b6d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','side','creatures','unit',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["218ef3a7a2909268dd136ad6e3b7a062"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(at={self.at!r}, altitude={self.altitude!r}, by={self.by!r})"
 return __repr__
CODE["233e4548e6c29769cee1ba9854d00f1c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('creature','cost','moves','checks','how',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["2975873bca7d3eaad7ea8b2964acf16b"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.target,self.end,self.way,self.budget,self.opportunity_attacks,self.threatened_by,self.edge,self.actions,self.rank,)==(other.target,other.end,other.way,other.budget,other.opportunity_attacks,other.threatened_by,other.edge,other.actions,other.rank,)
  return NotImplemented
 return __eq__
CODE["2b9406af4cabae7edfbfddda1aa5505c"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.side,self.creatures,self.unit,)==(other.ruleset,other.side,other.creatures,other.unit,)
  return NotImplemented
 return __eq__
CODE["2de0a0317a7e3d2c4d20288d060caf37"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('creature','level','area','how','ends',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["30c94b785bb6ab5ca3661a815a606171"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('creature','level','area','how','ends',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["321f803e63dad051772808674bae4ef9"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.side,self.creatures,self.unit,self.kind,self.places,)==(other.ruleset,other.side,other.creatures,other.unit,other.kind,other.places,)
  return NotImplemented
 return __eq__
CODE["35e8bc13c170735a7f121bcea52091c5"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_side, _type_creatures, _type_unit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,ruleset:_type_ruleset,side:_type_side,creatures:_type_creatures,unit:_type_unit)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'creatures',creatures)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
 return __init__
CODE["3cd796b0b12360b6adae96399cd902e1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.path,self.advised,)==(other.path,other.advised,)
  return NotImplemented
 return __eq__
CODE["3ddfbcf95a7454efd99e34b92b27a98d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('target','end','way','budget','opportunity_attacks','threatened_by','edge','actions','rank',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["3f731f0bbed4f04b8963d65d71a47381"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.strikes,self.places,))
 return __hash__
CODE["4152a83fecd20118346a4eff70d8a0bf"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.at,self.altitude,self.by,))
 return __hash__
CODE["4206334acc076b11d51612957a8afe80"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.targets,self.unit,self.weights,self.options,self.end_text,))
 return __hash__
CODE["4394d8a9600ae2f0c4e1c607b34ab0bd"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','targets','unit','weights','options','end_text',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["4553514bbcd44be613f1fed2fa574b8c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.path,self.advised,))
 return __hash__
CODE["46f89116d6afbce6313860cb2787c1fe"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.target,self.end,self.way,self.budget,self.opportunity_attacks,self.threatened_by,self.edge,self.actions,self.rank,))
 return __hash__
CODE["4b04c4b6cd80f997038cb3ba08dcde91"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('level','area','by',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["4b12df9ccc504c7c5cffc980049d237f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(encounter={self.encounter!r}, suggestion={self.suggestion!r}, accepted={self.accepted!r})"
 return __repr__
CODE["4e93b644f7e530dbe51d23e219012b2d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('at','altitude','by',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["4ec4b4f33baf531226704cac7af9a847"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('path','advised',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["522fc64a90f76c19172709c00868c7a1"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','side','creatures','unit',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["543fbfcb0a4a06a30f1b3a904a985377"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(state={self.state!r}, way={self.way!r}, actions={self.actions!r})"
 return __repr__
CODE["58d8c20daa3a3e14ab8fac9ea0164876"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.success,self.opportunity_attacks,self.threatened,self.edge,self.action,self.cost,)==(other.success,other.opportunity_attacks,other.threatened,other.edge,other.action,other.cost,)
  return NotImplemented
 return __eq__
CODE["5930ea8402e79dfe06529e4a9834f4df"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','kind','moves','cost','unit','reasons','target','option','weights','end',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["5b47f46bf7daacdc712e7ecef92e27ff"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, side={self.side!r}, creatures={self.creatures!r}, unit={self.unit!r})"
 return __repr__
CODE["5eee88022a74cb4e1007d2b97b0e35af"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','side','creatures','unit','kind','places','altitude_text',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["60c4eab2db8133f9f7bcc642b742c4c9"] = __create_fn__.__code__

def __create_fn__(_type_success, _type_opportunity_attacks, _type_threatened, _type_edge, _type_action, _type_cost, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_success, _dflt_opportunity_attacks, _dflt_threatened, _dflt_edge, _dflt_action, _dflt_cost, _return_type):
 def __init__(self,success:_type_success=_dflt_success,opportunity_attacks:_type_opportunity_attacks=_dflt_opportunity_attacks,threatened:_type_threatened=_dflt_threatened,edge:_type_edge=_dflt_edge,action:_type_action=_dflt_action,cost:_type_cost=_dflt_cost)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'success',success)
  __dataclass_builtins_object__.__setattr__(self,'opportunity_attacks',opportunity_attacks)
  __dataclass_builtins_object__.__setattr__(self,'threatened',threatened)
  __dataclass_builtins_object__.__setattr__(self,'edge',edge)
  __dataclass_builtins_object__.__setattr__(self,'action',action)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
 return __init__
CODE["62c0e3a10740bc8fcad1fd3c3c280c29"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','side','creatures','unit','kind','places','altitude_text',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["693164f2d52dab998ed14a74ce0af941"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('state','way','actions',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["74406cabe9f9ee32983a7ff8dc6bfeb5"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('target','end','way','budget','opportunity_attacks','threatened_by','edge','actions','rank',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["75a43e25a88ebdb96753617f3af18c9d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('encounter','suggestion','accepted',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["75faaaf3ffa453d0b1751ec8ccaed81e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('option','agrees','cheapest','advice','command','without_saves',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["7a6e4f1b63d8ef3d75e81a809165f959"] = __create_fn__.__code__

def __create_fn__(_type_encounter, _type_suggestion, _type_accepted, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_accepted, _return_type):
 def __init__(self,encounter:_type_encounter,suggestion:_type_suggestion,accepted:_type_accepted=_dflt_accepted)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'encounter',encounter)
  __dataclass_builtins_object__.__setattr__(self,'suggestion',suggestion)
  __dataclass_builtins_object__.__setattr__(self,'accepted',accepted)
 return __init__
CODE["7ce5ee1c588356d200de13237ff003fd"] = __create_fn__.__code__

def __create_fn__(_type_creature, _type_cost, _type_moves, _type_checks, _type_how, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_checks, _dflt_how, _return_type):
 def __init__(self,creature:_type_creature,cost:_type_cost,moves:_type_moves,checks:_type_checks=_dflt_checks,how:_type_how=_dflt_how)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'how',how)
 return __init__
CODE["7faa88bc85e7621f4b1655e5cefad79b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(option={self.option!r}, agrees={self.agrees!r}, cheapest={self.cheapest!r}, advice={self.advice!r}, command={self.command!r}, without_saves={self.without_saves!r})"
 return __repr__
CODE["80a7914659d62330f40006d7a66e0584"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, targets={self.targets!r}, unit={self.unit!r}, weights={self.weights!r}, options={self.options!r}, end_text={self.end_text!r})"
 return __repr__
CODE["870b7ac70ba69e9ebdf9614a3a4d91a0"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(strikes={self.strikes!r}, places={self.places!r})"
 return __repr__
CODE["8c55d00f4230fc65b4726e80507f1da4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.level,self.area,self.by,)==(other.level,other.area,other.by,)
  return NotImplemented
 return __eq__
CODE["8c805585d4a6e90804367eb2613ab8b0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('path','advised',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["8dd483b750b6b7d30fc8e3d906d05572"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.side,self.creatures,self.unit,self.kind,self.places,))
 return __hash__
CODE["8f4f6ac9ebdc25f64255522bd819b11e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('at','altitude','by',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["929dd4f0521f06c715c10da63229c31c"] = __create_fn__.__code__

def __create_fn__(_type_creature, _type_level, _type_area, _type_how, _type_ends, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_ends, _return_type):
 def __init__(self,creature:_type_creature,level:_type_level,area:_type_area,how:_type_how,ends:_type_ends=_dflt_ends)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'level',level)
  __dataclass_builtins_object__.__setattr__(self,'area',area)
  __dataclass_builtins_object__.__setattr__(self,'how',how)
  __dataclass_builtins_object__.__setattr__(self,'ends',ends)
 return __init__
CODE["9a9ed96d5f3300282adb0280c478bf3d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.side,self.creatures,self.unit,self.level_key,self.areas,))
 return __hash__
CODE["9bb9f981c2179d5d52be2628acf03f9c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','side','creatures','unit','level_key','areas',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["9c8080264c883508f5e67b62dab51039"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, kind={self.kind!r}, moves={self.moves!r}, cost={self.cost!r}, unit={self.unit!r}, reasons={self.reasons!r}, target={self.target!r}, option={self.option!r}, weights={self.weights!r}, end={self.end!r})"
 return __repr__
CODE["9cf8722a14ce6c89827cf4979a909a91"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(success={self.success!r}, opportunity_attacks={self.opportunity_attacks!r}, threatened={self.threatened!r}, edge={self.edge!r}, action={self.action!r}, cost={self.cost!r})"
 return __repr__
CODE["9e85cc6f0fd2d590e5097c85a6bc38c8"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('strikes','places',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["a1a5dfad6e104d28cb0b3088b6e46657"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(path={self.path!r}, advised={self.advised!r})"
 return __repr__
CODE["a38fab98fd9dfbe1596eda56de45b703"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(level={self.level!r}, area={self.area!r}, by={self.by!r})"
 return __repr__
CODE["a770da6b05a77bd0dedee58b063120e5"] = __create_fn__.__code__

def __create_fn__(_type_state, _type_way, _type_actions, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,state:_type_state,way:_type_way,actions:_type_actions)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'state',state)
  __dataclass_builtins_object__.__setattr__(self,'way',way)
  __dataclass_builtins_object__.__setattr__(self,'actions',actions)
 return __init__
CODE["a78d70fcad3ee971492927cad264b724"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.state,self.way,self.actions,))
 return __hash__
CODE["a8812bb8e466ed5caf07dfdddedb48e5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.strikes,self.places,)==(other.strikes,other.places,)
  return NotImplemented
 return __eq__
CODE["b296db03bd99ee7c2f88cc7a28658d4e"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(creature={self.creature!r}, level={self.level!r}, area={self.area!r}, how={self.how!r}, ends={self.ends!r})"
 return __repr__
CODE["b605ec07a928817a2696a4d2f95c19a1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.targets,self.unit,self.weights,self.options,self.end_text,)==(other.ruleset,other.creature,other.targets,other.unit,other.weights,other.options,other.end_text,)
  return NotImplemented
 return __eq__
CODE["b6547bc12726690e9e19421837dfb089"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_side, _type_creatures, _type_unit, _type_level_key, _type_areas, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,ruleset:_type_ruleset,side:_type_side,creatures:_type_creatures,unit:_type_unit,level_key:_type_level_key,areas:_type_areas)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'creatures',creatures)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'level_key',level_key)
  __dataclass_builtins_object__.__setattr__(self,'areas',areas)
 return __init__
CODE["b7b1c06e540a315a9863fcf3b87f62a6"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('option','agrees','cheapest','advice','command','without_saves',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b9d92804879130fd77841216ce1a1148"] = __create_fn__.__code__

def __create_fn__(_type_strikes, _type_places, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,strikes:_type_strikes,places:_type_places)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'strikes',strikes)
  __dataclass_builtins_object__.__setattr__(self,'places',places)
 return __init__
CODE["bb73b27316f81d5180f43d070006687c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.success,self.opportunity_attacks,self.threatened,self.edge,self.action,self.cost,))
 return __hash__
CODE["bd1114b904a78e2da552c0c5152c0ecd"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.state,self.way,self.actions,)==(other.state,other.way,other.actions,)
  return NotImplemented
 return __eq__
CODE["bfad29529057ff368cf69108be86a36a"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_kind, _type_moves, _type_cost, _type_unit, _type_reasons, _type_target, _type_option, _type_weights, _type_end, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_target, _dflt_option, _dflt_weights, _dflt_end, _return_type):
 def __init__(self,ruleset:_type_ruleset,creature:_type_creature,kind:_type_kind,moves:_type_moves,cost:_type_cost,unit:_type_unit,reasons:_type_reasons,target:_type_target=_dflt_target,option:_type_option=_dflt_option,weights:_type_weights=_dflt_weights,end:_type_end=_dflt_end)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'reasons',reasons)
  __dataclass_builtins_object__.__setattr__(self,'target',target)
  __dataclass_builtins_object__.__setattr__(self,'option',option)
  __dataclass_builtins_object__.__setattr__(self,'weights',weights)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
 return __init__
CODE["c1e8eb01ce947d1b39c7d716a53b1ef9"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.kind,self.moves,self.cost,self.unit,self.reasons,self.target,self.option,self.weights,self.end,))
 return __hash__
CODE["c2e596d9b056c97349a61626ceed2bf5"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(creature={self.creature!r}, cost={self.cost!r}, moves={self.moves!r}, checks={self.checks!r}, how={self.how!r})"
 return __repr__
CODE["c8251b1324dfc9660a1b9d3e743cd884"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.side,self.creatures,self.unit,self.level_key,self.areas,)==(other.ruleset,other.side,other.creatures,other.unit,other.level_key,other.areas,)
  return NotImplemented
 return __eq__
CODE["cb392d6439fc896713bad8e2f0ae65f8"] = __create_fn__.__code__

def __create_fn__(_type_option, _type_agrees, _type_cheapest, _type_advice, _type_command, _type_without_saves, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_without_saves, _return_type):
 def __init__(self,option:_type_option,agrees:_type_agrees,cheapest:_type_cheapest,advice:_type_advice,command:_type_command,without_saves:_type_without_saves=_dflt_without_saves)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'option',option)
  __dataclass_builtins_object__.__setattr__(self,'agrees',agrees)
  __dataclass_builtins_object__.__setattr__(self,'cheapest',cheapest)
  __dataclass_builtins_object__.__setattr__(self,'advice',advice)
  __dataclass_builtins_object__.__setattr__(self,'command',command)
  __dataclass_builtins_object__.__setattr__(self,'without_saves',without_saves)
 return __init__
CODE["ce8db91985fdd79a2d0d0598205d4dc3"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.option,self.agrees,self.cheapest,self.advice,self.command,self.without_saves,)==(other.option,other.agrees,other.cheapest,other.advice,other.command,other.without_saves,)
  return NotImplemented
 return __eq__
CODE["cffa8243b1fb7b5b419bf7f3a4f09ef7"] = __create_fn__.__code__

def __create_fn__(_type_at, _type_altitude, _type_by, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,at:_type_at,altitude:_type_altitude,by:_type_by)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'by',by)
 return __init__
CODE["d2fee93498be3d4b0404ddddb9e5c1c3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','side','creatures','unit','level_key','areas',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d420cb412167fbacf4e05351ddd48e57"] = __create_fn__.__code__

def __create_fn__(_type_target, _type_end, _type_way, _type_budget, _type_opportunity_attacks, _type_threatened_by, _type_edge, _type_actions, _type_rank, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_rank, _return_type):
 def __init__(self,target:_type_target,end:_type_end,way:_type_way,budget:_type_budget,opportunity_attacks:_type_opportunity_attacks,threatened_by:_type_threatened_by,edge:_type_edge,actions:_type_actions,rank:_type_rank=_dflt_rank)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'target',target)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'way',way)
  __dataclass_builtins_object__.__setattr__(self,'budget',budget)
  __dataclass_builtins_object__.__setattr__(self,'opportunity_attacks',opportunity_attacks)
  __dataclass_builtins_object__.__setattr__(self,'threatened_by',threatened_by)
  __dataclass_builtins_object__.__setattr__(self,'edge',edge)
  __dataclass_builtins_object__.__setattr__(self,'actions',actions)
  __dataclass_builtins_object__.__setattr__(self,'rank',rank)
 return __init__
CODE["d6e8f5fd4492072ec5640532233e9ce3"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, side={self.side!r}, creatures={self.creatures!r}, unit={self.unit!r}, kind={self.kind!r}, places={self.places!r})"
 return __repr__
CODE["d79907b90de8731de4001e1b11ce366d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.side,self.creatures,self.unit,))
 return __hash__
CODE["d7b4782f1bfad314c528b75aadb6b98b"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.creature,self.level,self.area,self.how,self.ends,))
 return __hash__
CODE["da5c9b6e44205ca5b35feec5660d012e"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.creature,self.cost,self.moves,self.checks,self.how,))
 return __hash__
CODE["dc3701a9ef4044cf012f687cfddb4199"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('success','opportunity_attacks','threatened','edge','action','cost',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["dd2e7b945350dee4df2526e6a64972b3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','kind','moves','cost','unit','reasons','target','option','weights','end',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["dfa9189ddd1500971115294d504b52c5"] = __create_fn__.__code__

def __create_fn__(_type_path, _type_advised, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_advised, _return_type):
 def __init__(self,path:_type_path,advised:_type_advised=_dflt_advised)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'path',path)
  __dataclass_builtins_object__.__setattr__(self,'advised',advised)
 return __init__
CODE["e7ed0d8a10cdba9846551ff36ed30c93"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.encounter,self.suggestion,self.accepted,)==(other.encounter,other.suggestion,other.accepted,)
  return NotImplemented
 return __eq__
CODE["e801fc41431ac8ea6abaf27d3b6e6ac2"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_side, _type_creatures, _type_unit, _type_kind, _type_places, _type_altitude_text, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_altitude_text, _return_type):
 def __init__(self,ruleset:_type_ruleset,side:_type_side,creatures:_type_creatures,unit:_type_unit,kind:_type_kind,places:_type_places,altitude_text:_type_altitude_text=_dflt_altitude_text)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'creatures',creatures)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'places',places)
  __dataclass_builtins_object__.__setattr__(self,'altitude_text',altitude_text)
 return __init__
CODE["e98a9ec46d025a4845f78d63cd98c8c0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('level','area','by',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["ee60ad873fbc999fc7b000f0836cce1a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.kind,self.moves,self.cost,self.unit,self.reasons,self.target,self.option,self.weights,self.end,)==(other.ruleset,other.creature,other.kind,other.moves,other.cost,other.unit,other.reasons,other.target,other.option,other.weights,other.end,)
  return NotImplemented
 return __eq__
CODE["f027e673e7874cb0a42bb54950345045"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('strikes','places',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["fed5e8d6e3c395e77dd4a25de8e95844"] = __create_fn__.__code__
