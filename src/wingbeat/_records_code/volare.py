"""The code of the methods ``_records.dataclass`` writes for the classes of volare, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('a','b','engagement','elevated','case','reason','attack_modifiers','notes','apart','reach',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0745b802f491ee689585db3826df9e89"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('fall_damage','band_penalties',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["07c1ee44f1a8c6c1559561a1982c5ee4"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ground_band','flying_band','can_fly','fly','limit','walk',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0a175509e8e1ab4474be1067f05eba2d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('strength','toward',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["10493a8de5e83b8f1fd3e0c3ee369255"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('strength','toward',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1057ae4b95afb4412b2ae17bbadfb887"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','at','altitude','name','fly','ground','maneuverability','reflex','strength','load','encumbrance','mode','heading','prone','side','hidden','breath','size','reach','powers',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["139198f3a777e3e2d2ed7d2bab34cb12"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','physical','somatic',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1d54f15ffcdad1dcfad2ec94d82d57d6"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.map,self.wind,self.creatures,self.options,))
 return __hash__
CODE["1f52e121bf428ca036a398688b021629"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.columns,self.rows,self.top,self.ground,self.ceiling,)==(other.columns,other.rows,other.top,other.ground,other.ceiling,)
  return NotImplemented
 return __eq__
CODE["204c57d57a129c3210156a03d258fb35"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('fall_damage','band_penalties',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["2079adcabdcf65471a613e2071c29993"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.at,self.altitude,self.name,self.fly,self.ground,self.maneuverability,self.reflex,self.strength,self.load,self.encumbrance,self.mode,self.heading,self.prone,self.side,self.hidden,self.breath,self.size,self.reach,self.powers,)==(other.id,other.at,other.altitude,other.name,other.fly,other.ground,other.maneuverability,other.reflex,other.strength,other.load,other.encumbrance,other.mode,other.heading,other.prone,other.side,other.hidden,other.breath,other.size,other.reach,other.powers,)
  return NotImplemented
 return __eq__
CODE["22c16c0b883709c62222ed124e4d0fb9"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('columns','rows','top','ground','ceiling',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2536990f1f7e766f7be1c29ea652a493"] = __create_fn__.__code__

def __create_fn__(_type_columns, _type_rows, _type_top, _type_ground, _type_ceiling, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_top, _dflt_ground, _dflt_ceiling, _return_type):
 def __init__(self,columns:_type_columns,rows:_type_rows,top:_type_top=_dflt_top,ground:_type_ground=_HAS_DEFAULT_FACTORY,ceiling:_type_ceiling=_HAS_DEFAULT_FACTORY)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'columns',columns)
  __dataclass_builtins_object__.__setattr__(self,'rows',rows)
  __dataclass_builtins_object__.__setattr__(self,'top',top)
  __dataclass_builtins_object__.__setattr__(self,'ground',_dflt_ground() if ground is _HAS_DEFAULT_FACTORY else ground)
  __dataclass_builtins_object__.__setattr__(self,'ceiling',_dflt_ceiling() if ceiling is _HAS_DEFAULT_FACTORY else ceiling)
 return __init__
CODE["25e1395e8c8d18f27a8c4cb105805323"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.a,self.b,self.engagement,self.elevated,self.case,self.reason,self.attack_modifiers,self.notes,self.apart,self.reach,))
 return __hash__
CODE["2e04805ef692d1222ec42566274624cf"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('before','spent','step',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["300eb8b628308e1599ed47fe5b2380bb"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','at','altitude','name','fly','ground','maneuverability','reflex','strength','load','encumbrance','mode','heading','prone','side','hidden','breath','size','reach','powers',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["319e4ed4996bb65f4a1fb75903ad9373"] = __create_fn__.__code__

def __create_fn__(_type_ground_band, _type_flying_band, _type_can_fly, _type_fly, _type_limit, _type_walk, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_walk, _return_type):
 def __init__(self,ground_band:_type_ground_band,flying_band:_type_flying_band,can_fly:_type_can_fly,fly:_type_fly,limit:_type_limit,walk:_type_walk=_dflt_walk)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ground_band',ground_band)
  __dataclass_builtins_object__.__setattr__(self,'flying_band',flying_band)
  __dataclass_builtins_object__.__setattr__(self,'can_fly',can_fly)
  __dataclass_builtins_object__.__setattr__(self,'fly',fly)
  __dataclass_builtins_object__.__setattr__(self,'limit',limit)
  __dataclass_builtins_object__.__setattr__(self,'walk',walk)
 return __init__
CODE["350c82a64535544045964bd10e65fcb2"] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_engagement, _type_elevated, _type_case, _type_reason, _type_attack_modifiers, _type_notes, _type_apart, _type_reach, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_notes, _dflt_apart, _dflt_reach, _return_type):
 def __init__(self,a:_type_a,b:_type_b,engagement:_type_engagement,elevated:_type_elevated,case:_type_case,reason:_type_reason,attack_modifiers:_type_attack_modifiers,notes:_type_notes=_dflt_notes,apart:_type_apart=_dflt_apart,reach:_type_reach=_dflt_reach)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
  __dataclass_builtins_object__.__setattr__(self,'engagement',engagement)
  __dataclass_builtins_object__.__setattr__(self,'elevated',elevated)
  __dataclass_builtins_object__.__setattr__(self,'case',case)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
  __dataclass_builtins_object__.__setattr__(self,'attack_modifiers',attack_modifiers)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
  __dataclass_builtins_object__.__setattr__(self,'apart',apart)
  __dataclass_builtins_object__.__setattr__(self,'reach',reach)
 return __init__
CODE["399cbb2112f2e047577397046ac77d0a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('code','spent','moves','events','knocked_down','horizontal',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["40910affce6a9016b429998ae2152111"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('attack','armor_class',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["508a2d15dbc585884d968e3967180ff2"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('unencumbered','band_width',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["56103fb832c114cb9e2960efa76273dc"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.strength,self.toward,))
 return __hash__
CODE["56e8fff5c390acf612c70de3cdcfd877"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('map','wind','creatures','options',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["5baee1abf7226003eda84efeb69e59ce"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.fall_damage,self.band_penalties,)==(other.fall_damage,other.band_penalties,)
  return NotImplemented
 return __eq__
CODE["63664160b3efd473035625e4456fcfff"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, engagement={self.engagement!r}, elevated={self.elevated!r}, case={self.case!r}, reason={self.reason!r}, attack_modifiers={self.attack_modifiers!r}, notes={self.notes!r}, apart={self.apart!r}, reach={self.reach!r})"
 return __repr__
CODE["64b86d5a9e75952215941addea1a8e0e"] = __create_fn__.__code__

def __create_fn__(_type_before, _type_spent, _type_step, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,before:_type_before,spent:_type_spent,step:_type_step)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'before',before)
  __dataclass_builtins_object__.__setattr__(self,'spent',spent)
  __dataclass_builtins_object__.__setattr__(self,'step',step)
 return __init__
CODE["671a6c972aa91d1508143f38d3895ecd"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.columns,self.rows,self.top,self.ground,self.ceiling,))
 return __hash__
CODE["69257b4f1592aaa298037d8dd6d8bf48"] = __create_fn__.__code__

def __create_fn__(_type_fall_damage, _type_band_penalties, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_fall_damage, _dflt_band_penalties, _return_type):
 def __init__(self,fall_damage:_type_fall_damage=_dflt_fall_damage,band_penalties:_type_band_penalties=_HAS_DEFAULT_FACTORY)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'fall_damage',fall_damage)
  __dataclass_builtins_object__.__setattr__(self,'band_penalties',_dflt_band_penalties() if band_penalties is _HAS_DEFAULT_FACTORY else band_penalties)
 return __init__
CODE["6afe80be748f808b7262968f3c1fc50f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','physical','somatic',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["71a8f7912c9df7393389ccb7631cd01a"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.before,self.spent,self.step,))
 return __hash__
CODE["71dd4761bf96ce162afb56696e9bf51c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.at,self.altitude,self.name,self.fly,self.ground,self.maneuverability,self.reflex,self.strength,self.load,self.encumbrance,self.mode,self.heading,self.prone,self.side,self.hidden,self.breath,self.size,self.reach,self.powers,))
 return __hash__
CODE["7651a2dde3790d2807f9b290e4fd0501"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(fall_damage={self.fall_damage!r}, band_penalties={self.band_penalties!r})"
 return __repr__
CODE["77cf55a645b5c27200a9ff7fe8a7cde4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.engagement,self.elevated,self.case,self.reason,self.attack_modifiers,self.notes,self.apart,self.reach,)==(other.a,other.b,other.engagement,other.elevated,other.case,other.reason,other.attack_modifiers,other.notes,other.apart,other.reach,)
  return NotImplemented
 return __eq__
CODE["7ce64393e207861cac74b9f0653038d9"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(attack={self.attack!r}, armor_class={self.armor_class!r})"
 return __repr__
CODE["7e59516ac0cf303402293c02d12f7430"] = __create_fn__.__code__

def __create_fn__(_type_unencumbered, _type_band_width, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,unencumbered:_type_unencumbered,band_width:_type_band_width)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'unencumbered',unencumbered)
  __dataclass_builtins_object__.__setattr__(self,'band_width',band_width)
 return __init__
CODE["80ff3c1604bbd64a9fc924adfb48df3e"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(before={self.before!r}, spent={self.spent!r}, step={self.step!r})"
 return __repr__
CODE["8218b8e76de676f9961bbdb9a765d44b"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.fall_damage,self.band_penalties,))
 return __hash__
CODE["86136f4cf9aeaf4b0ee2e9c914a4bea1"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.unencumbered,self.band_width,))
 return __hash__
CODE["8a9a449017d241d30a776626dad154cf"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(strength={self.strength!r}, toward={self.toward!r})"
 return __repr__
CODE["8df30f18e43bed16a5debda4af1ae9b7"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.attack,self.armor_class,)==(other.attack,other.armor_class,)
  return NotImplemented
 return __eq__
CODE["919fcf7a02e9268c6fa862a5372ad872"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(unencumbered={self.unencumbered!r}, band_width={self.band_width!r})"
 return __repr__
CODE["9307f1e4596385045f468be2cbc42617"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('a','b','engagement','elevated','case','reason','attack_modifiers','notes','apart','reach',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["971cc6ea7d2c59d01c3c70b740d0f5dd"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.strength,self.toward,)==(other.strength,other.toward,)
  return NotImplemented
 return __eq__
CODE["9be92b143f35b3c2e56fa0af076ae634"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('attack','armor_class',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["9c8c60cab7155818b90b3a79af255877"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(map={self.map!r}, wind={self.wind!r}, creatures={self.creatures!r}, options={self.options!r})"
 return __repr__
CODE["9da45828a4553828bb1d3829580f206f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, physical={self.physical!r}, somatic={self.somatic!r})"
 return __repr__
CODE["a570d901bea364fc59d09bfeab5f875f"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.unencumbered,self.band_width,)==(other.unencumbered,other.band_width,)
  return NotImplemented
 return __eq__
CODE["a622e688b68c0a386d3a4934fd4ab54d"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.code,self.spent,self.moves,self.events,self.knocked_down,self.horizontal,)==(other.code,other.spent,other.moves,other.events,other.knocked_down,other.horizontal,)
  return NotImplemented
 return __eq__
CODE["a6d3d6d1aeb565744dcc55dd8418b7aa"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('code','spent','moves','events','knocked_down','horizontal',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["aaa271455394ac259445627df33cf8f8"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.map,self.wind,self.creatures,self.options,)==(other.map,other.wind,other.creatures,other.options,)
  return NotImplemented
 return __eq__
CODE["ac2399da337b4ffdcab454a237b899a6"] = __create_fn__.__code__

def __create_fn__(_type_code, _type_spent, _type_moves, _type_events, _type_knocked_down, _type_horizontal, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,code:_type_code,spent:_type_spent,moves:_type_moves,events:_type_events,knocked_down:_type_knocked_down,horizontal:_type_horizontal)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'code',code)
  __dataclass_builtins_object__.__setattr__(self,'spent',spent)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'knocked_down',knocked_down)
  __dataclass_builtins_object__.__setattr__(self,'horizontal',horizontal)
 return __init__
CODE["ad799d5b066f2be01a93f9820e9125b7"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ground_band','flying_band','can_fly','fly','limit','walk',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ada0f0c1660271c0a327d03cf0be4ed1"] = __create_fn__.__code__

def __create_fn__(_type_strength, _type_toward, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_strength, _dflt_toward, _return_type):
 def __init__(self,strength:_type_strength=_dflt_strength,toward:_type_toward=_dflt_toward)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'strength',strength)
  __dataclass_builtins_object__.__setattr__(self,'toward',toward)
 return __init__
CODE["b158146e5b1ba2d690786046e5b254cc"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('map','wind','creatures','options',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b2798b83a3a04452a4db3d5d3adbe999"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ground_band,self.flying_band,self.can_fly,self.fly,self.limit,self.walk,))
 return __hash__
CODE["b516f0ec76a546bae711f59dc94adcf1"] = __create_fn__.__code__

def __create_fn__(_type_name, _type_physical, _type_somatic, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_physical, _dflt_somatic, _return_type):
 def __init__(self,name:_type_name,physical:_type_physical=_dflt_physical,somatic:_type_somatic=_dflt_somatic)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'physical',physical)
  __dataclass_builtins_object__.__setattr__(self,'somatic',somatic)
 return __init__
CODE["bec9c60a243e66f49428bdaf09d3046f"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.physical,self.somatic,))
 return __hash__
CODE["c14f7ce98a3ea0bc25b03d90c64fc9b8"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, at={self.at!r}, altitude={self.altitude!r}, name={self.name!r}, fly={self.fly!r}, ground={self.ground!r}, maneuverability={self.maneuverability!r}, reflex={self.reflex!r}, strength={self.strength!r}, load={self.load!r}, encumbrance={self.encumbrance!r}, mode={self.mode!r}, heading={self.heading!r}, prone={self.prone!r}, side={self.side!r}, hidden={self.hidden!r}, breath={self.breath!r}, size={self.size!r}, reach={self.reach!r}, powers={self.powers!r})"
 return __repr__
CODE["c4df66944d4ebae9757dba4518a2d098"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(columns={self.columns!r}, rows={self.rows!r}, top={self.top!r}, ground={self.ground!r}, ceiling={self.ceiling!r})"
 return __repr__
CODE["c65f4e6fba136e7b6a4fcd5917e4cf3e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('before','spent','step',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["c935aeafc394c950f60b2dd814064f0e"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(code={self.code!r}, spent={self.spent!r}, moves={self.moves!r}, events={self.events!r}, knocked_down={self.knocked_down!r}, horizontal={self.horizontal!r})"
 return __repr__
CODE["cb8e5f081d2c74adb77af9caf5468e75"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_at, _type_altitude, _type_name, _type_fly, _type_ground, _type_maneuverability, _type_reflex, _type_strength, _type_load, _type_encumbrance, _type_mode, _type_heading, _type_prone, _type_side, _type_hidden, _type_breath, _type_size, _type_reach, _type_powers, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_name, _dflt_fly, _dflt_ground, _dflt_maneuverability, _dflt_reflex, _dflt_strength, _dflt_load, _dflt_encumbrance, _dflt_mode, _dflt_heading, _dflt_prone, _dflt_side, _dflt_hidden, _dflt_breath, _dflt_size, _dflt_reach, _dflt_powers, _return_type):
 def __init__(self,id:_type_id,at:_type_at,altitude:_type_altitude,name:_type_name=_dflt_name,fly:_type_fly=_dflt_fly,ground:_type_ground=_dflt_ground,maneuverability:_type_maneuverability=_dflt_maneuverability,reflex:_type_reflex=_dflt_reflex,strength:_type_strength=_dflt_strength,load:_type_load=_dflt_load,encumbrance:_type_encumbrance=_dflt_encumbrance,mode:_type_mode=_dflt_mode,heading:_type_heading=_dflt_heading,prone:_type_prone=_dflt_prone,side:_type_side=_dflt_side,hidden:_type_hidden=_dflt_hidden,breath:_type_breath=_dflt_breath,size:_type_size=_dflt_size,reach:_type_reach=_dflt_reach,powers:_type_powers=_dflt_powers)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'fly',fly)
  __dataclass_builtins_object__.__setattr__(self,'ground',ground)
  __dataclass_builtins_object__.__setattr__(self,'maneuverability',maneuverability)
  __dataclass_builtins_object__.__setattr__(self,'reflex',reflex)
  __dataclass_builtins_object__.__setattr__(self,'strength',strength)
  __dataclass_builtins_object__.__setattr__(self,'load',load)
  __dataclass_builtins_object__.__setattr__(self,'encumbrance',encumbrance)
  __dataclass_builtins_object__.__setattr__(self,'mode',mode)
  __dataclass_builtins_object__.__setattr__(self,'heading',heading)
  __dataclass_builtins_object__.__setattr__(self,'prone',prone)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'hidden',hidden)
  __dataclass_builtins_object__.__setattr__(self,'breath',breath)
  __dataclass_builtins_object__.__setattr__(self,'size',size)
  __dataclass_builtins_object__.__setattr__(self,'reach',reach)
  __dataclass_builtins_object__.__setattr__(self,'powers',powers)
 return __init__
CODE["d8e20588b10bed6de8b6e3f8bb6845e1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.before,self.spent,self.step,)==(other.before,other.spent,other.step,)
  return NotImplemented
 return __eq__
CODE["e0c126d0e6bfce951bab5ed8cd902459"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.attack,self.armor_class,))
 return __hash__
CODE["e15d4bf37db28bb971adb96cfa16d281"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('columns','rows','top','ground','ceiling',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["e2bd7e2b1397a40da1d13af46e6a6c8e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('unencumbered','band_width',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ebda7de2b824823e0e966312179d5dd5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.physical,self.somatic,)==(other.name,other.physical,other.somatic,)
  return NotImplemented
 return __eq__
CODE["ef0126c3cdb601bad452cb808cc6720f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ground_band={self.ground_band!r}, flying_band={self.flying_band!r}, can_fly={self.can_fly!r}, fly={self.fly!r}, limit={self.limit!r}, walk={self.walk!r})"
 return __repr__
CODE["ef9a911ad94624caafc782184731a9d7"] = __create_fn__.__code__

def __create_fn__(_type_attack, _type_armor_class, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_attack, _dflt_armor_class, _return_type):
 def __init__(self,attack:_type_attack=_dflt_attack,armor_class:_type_armor_class=_dflt_armor_class)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'attack',attack)
  __dataclass_builtins_object__.__setattr__(self,'armor_class',armor_class)
 return __init__
CODE["f3353cd0c3f2b2265442176acf6179c2"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.code,self.spent,self.moves,self.events,self.knocked_down,self.horizontal,))
 return __hash__
CODE["f728e6c058af85bb0863528b44ef11dc"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ground_band,self.flying_band,self.can_fly,self.fly,self.limit,self.walk,)==(other.ground_band,other.flying_band,other.can_fly,other.fly,other.limit,other.walk,)
  return NotImplemented
 return __eq__
CODE["fdac2af5734bda85bc1732e0e2d49053"] = __create_fn__.__code__

def __create_fn__(_type_map, _type_wind, _type_creatures, _type_options, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_wind, _dflt_creatures, _dflt_options, _return_type):
 def __init__(self,map:_type_map,wind:_type_wind=_dflt_wind,creatures:_type_creatures=_dflt_creatures,options:_type_options=_dflt_options)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'map',map)
  __dataclass_builtins_object__.__setattr__(self,'wind',wind)
  __dataclass_builtins_object__.__setattr__(self,'creatures',creatures)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
 return __init__
CODE["fdbe9121d9fd359a60f29f70d1a2962e"] = __create_fn__.__code__
