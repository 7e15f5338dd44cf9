"""The code of the methods ``_records.dataclass`` writes for the classes of confrontation, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__():
 def __hash__(self):
  return hash((self.edition,self.table,self.obstacles,self.zones,self.fighters,))
 return __hash__
CODE["02327217ee873eb71930ad92d3c2b735"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason','tiers','between_tiers','dive','sees',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["04111124767f55dac95b4912c8942f2c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('outline','factor',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["04f0488436d00eb45dd6bef25e69c755"] = __create_fn__.__code__

def __create_fn__(_type_fighter, _type_change, _type_landed, _type_dive, _type_redirect, _type_pursuit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_redirect, _dflt_pursuit, _return_type):
 def __init__(self,fighter:_type_fighter,change:_type_change,landed:_type_landed,dive:_type_dive,redirect:_type_redirect=_dflt_redirect,pursuit:_type_pursuit=_dflt_pursuit)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'fighter',fighter)
  __dataclass_builtins_object__.__setattr__(self,'change',change)
  __dataclass_builtins_object__.__setattr__(self,'landed',landed)
  __dataclass_builtins_object__.__setattr__(self,'dive',dive)
  __dataclass_builtins_object__.__setattr__(self,'redirect',redirect)
  __dataclass_builtins_object__.__setattr__(self,'pursuit',pursuit)
 return __init__
CODE["051175e326902bd43777156b0a755549"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, at={self.at!r}, areas={self.areas!r}, edition={self.edition!r}, tier={self.tier!r}, mou={self.mou!r}, factor={self.factor!r}, vision={self.vision!r}, abilities={self.abilities!r}, notes={self.notes!r})"
 return __repr__
CODE["08d38995d1f8277158be694c3e9a1700"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.checks,self.events,self.length,self.total,self.tier,self.change,self.phase,))
 return __hash__
CODE["09f30b0a322b430add9780420c28da30"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.text,self.point,self.target,)==(other.kind,other.text,other.point,other.target,)
  return NotImplemented
 return __eq__
CODE["0bc8ddd3ca567c62b269e5c072534849"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.fighter,self.change,self.landed,self.dive,self.redirect,self.pursuit,)==(other.fighter,other.change,other.landed,other.dive,other.redirect,other.pursuit,)
  return NotImplemented
 return __eq__
CODE["119a8d66276ed92e9a1a81c6b292a0ca"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.edition,self.budget,self.spent,self.ground_factor,self.dive,self.vision,self.notes,self.pursuit,)==(other.ruleset,other.creature,other.unit,other.legal,other.end,other.steps,other.error,other.move_events,other.edition,other.budget,other.spent,other.ground_factor,other.dive,other.vision,other.notes,other.pursuit,)
  return NotImplemented
 return __eq__
CODE["129a201697cb40ba769a1be72f19013d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('outline',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["143bb6016a30f2c32de3457ae0a66ba3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','state','checks','events','length','total','tier','change','phase',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1490041b98ad505ccc5b520d6f32ec4f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, text={self.text!r}, point={self.point!r}, target={self.target!r})"
 return __repr__
CODE["1a635239a2d50cb3f440e0d90f308559"] = __create_fn__.__code__

def __create_fn__(_type_edition, _type_table, _type_obstacles, _type_zones, _type_fighters, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_obstacles, _dflt_zones, _dflt_fighters, _return_type):
 def __init__(self,edition:_type_edition,table:_type_table,obstacles:_type_obstacles=_dflt_obstacles,zones:_type_zones=_dflt_zones,fighters:_type_fighters=_dflt_fighters)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'edition',edition)
  __dataclass_builtins_object__.__setattr__(self,'table',table)
  __dataclass_builtins_object__.__setattr__(self,'obstacles',obstacles)
  __dataclass_builtins_object__.__setattr__(self,'zones',zones)
  __dataclass_builtins_object__.__setattr__(self,'fighters',fighters)
 return __init__
CODE["1ad13fb7ba0e3bd35b801070510e86ea"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.outline,self.height,))
 return __hash__
CODE["1cdc90d720062bb774cd07a12fb9fd34"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','text','point','target',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2352c94b60fb58ec2b13071b463539fe"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.edition,self.budget,self.spent,self.ground_factor,self.dive,self.vision,self.notes,self.pursuit,))
 return __hash__
CODE["24da72245ac394c622b7f42524723b64"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.outline,)==(other.outline,)
  return NotImplemented
 return __eq__
CODE["25075bcafa648be6603cb935c5019d44"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.tier,self.area,self.ways,self.landed,self.notes,)==(other.tier,other.area,other.ways,other.landed,other.notes,)
  return NotImplemented
 return __eq__
CODE["265740997d2c40d5ad98b78d160b0445"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(outline={self.outline!r}, factor={self.factor!r})"
 return __repr__
CODE["2749e26ebf121ec270b8d442dcdcb2f8"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason','tiers','between_tiers','dive','sees',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["28526f4fffa16a929d2c8974d5d35ed7"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.tier,self.area,self.ways,self.landed,self.notes,))
 return __hash__
CODE["3463e52926dad953afce0cb99741a300"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas','edition','tier','mou','factor','vision','abilities','notes',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["3cbf589b3f6d6195508ee97b9752a07b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(outline={self.outline!r}, height={self.height!r})"
 return __repr__
CODE["3f3907ac5dd4a2ade4b504adc125a762"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, checks={self.checks!r}, events={self.events!r}, length={self.length!r}, total={self.total!r}, tier={self.tier!r}, change={self.change!r}, phase={self.phase!r})"
 return __repr__
CODE["404e89c4a69c8a4465886cfdab5422a6"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','at','ground_mou','air_mou','tier','name','facing','side','hidden','base',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["4062b767b25876afceace66ac7c74da1"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.mou,self.value,self.deduction,self.factor,self.change,self.order,self.reason,))
 return __hash__
CODE["418772ebb221259e45b23deb96823930"] = __create_fn__.__code__

def __create_fn__(_type_mou, _type_value, _type_deduction, _type_factor, _type_change, _type_order, _type_reason, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,mou:_type_mou,value:_type_value,deduction:_type_deduction,factor:_type_factor,change:_type_change,order:_type_order,reason:_type_reason)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'mou',mou)
  __dataclass_builtins_object__.__setattr__(self,'value',value)
  __dataclass_builtins_object__.__setattr__(self,'deduction',deduction)
  __dataclass_builtins_object__.__setattr__(self,'factor',factor)
  __dataclass_builtins_object__.__setattr__(self,'change',change)
  __dataclass_builtins_object__.__setattr__(self,'order',order)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
 return __init__
CODE["43be8fc5d643ebf3e44ccaeffa0c6d9f"] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_engagement, _type_elevated, _type_distance, _type_reason, _type_tiers, _type_between_tiers, _type_dive, _type_sees, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,a:_type_a,b:_type_b,engagement:_type_engagement,elevated:_type_elevated,distance:_type_distance,reason:_type_reason,*,tiers:_type_tiers,between_tiers:_type_between_tiers,dive:_type_dive,sees:_type_sees)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
  __dataclass_builtins_object__.__setattr__(self,'engagement',engagement)
  __dataclass_builtins_object__.__setattr__(self,'elevated',elevated)
  __dataclass_builtins_object__.__setattr__(self,'distance',distance)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
  __dataclass_builtins_object__.__setattr__(self,'tiers',tiers)
  __dataclass_builtins_object__.__setattr__(self,'between_tiers',between_tiers)
  __dataclass_builtins_object__.__setattr__(self,'dive',dive)
  __dataclass_builtins_object__.__setattr__(self,'sees',sees)
 return __init__
CODE["447b857df1bfa2034e890f7df176901b"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.mou,self.value,self.deduction,self.factor,self.change,self.order,self.reason,)==(other.mou,other.value,other.deduction,other.factor,other.change,other.order,other.reason,)
  return NotImplemented
 return __eq__
CODE["44c8a5556b7234e2a2da50f77d7d4e04"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('outline','height',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["4613c6d2ce872d021b5e4a6078f6d138"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.outline,self.height,)==(other.outline,other.height,)
  return NotImplemented
 return __eq__
CODE["473259e31aa307835301286985a56b3a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.outline,self.factor,)==(other.outline,other.factor,)
  return NotImplemented
 return __eq__
CODE["4e962bf79f5f79a75844093a9c085d8c"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, legal={self.legal!r}, end={self.end!r}, steps={self.steps!r}, error={self.error!r}, move_events={self.move_events!r}, edition={self.edition!r}, budget={self.budget!r}, spent={self.spent!r}, ground_factor={self.ground_factor!r}, dive={self.dive!r}, vision={self.vision!r}, notes={self.notes!r}, pursuit={self.pursuit!r})"
 return __repr__
CODE["4f21a9b22b8ead020c9e4c7933b247da"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(battle={self.battle!r}, fighter={self.fighter!r}, terrain={self.terrain!r}, budget={self.budget!r}, tier={self.tier!r}, at={self.at!r}, ground_length={self.ground_length!r}, air_length={self.air_length!r}, ground_factor={self.ground_factor!r}, pursuit={self.pursuit!r}, changes={self.changes!r}, landed={self.landed!r}, dive={self.dive!r}, stages={self.stages!r}, activation={self.activation!r}, gone={self.gone!r}, redirected={self.redirected!r})"
 return __repr__
CODE["5b04ff32731bf9c769d9a781b5e443dd"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.at,self.areas,self.edition,self.tier,self.mou,self.factor,self.vision,self.abilities,self.notes,))
 return __hash__
CODE["5dd5ed043ce8a6b123555abaec559f7b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','state','checks','events','length','total','tier','change','phase',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["64e465f8b5fe975afaf204093fb43961"] = __create_fn__.__code__

def __create_fn__(_type_outline, _type_height, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,outline:_type_outline,height:_type_height)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'outline',outline)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
 return __init__
CODE["6a4452f079b2bac395fa8616be3acaa3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('mou','value','deduction','factor','change','order','reason',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["711fe336e5aa3ef735df13ace57725e0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('outline','height',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["72f12ad47b5b4678b52dfec01eb0113a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('fighter','change','landed','dive','redirect','pursuit',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["731611ecfb411d260e227a7c71e3ef23"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,self.tiers,self.between_tiers,self.dive,self.sees,)==(other.a,other.b,other.engagement,other.elevated,other.distance,other.reason,other.tiers,other.between_tiers,other.dive,other.sees,)
  return NotImplemented
 return __eq__
CODE["737951b6307a4ba5a4172f78eebe5452"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas','edition','tier','mou','factor','vision','abilities','notes',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["74b96532f23abe384388a4c11415965f"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.edition,self.table,self.obstacles,self.zones,self.fighters,)==(other.edition,other.table,other.obstacles,other.zones,other.fighters,)
  return NotImplemented
 return __eq__
CODE["7622891335bba3ea21cda94698f9dde8"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(tier={self.tier!r}, area={self.area!r}, ways={self.ways!r}, landed={self.landed!r}, notes={self.notes!r})"
 return __repr__
CODE["80651cba97d7e5bce18604a8bf19e89e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('edition','table','obstacles','zones','fighters',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["8367e9d4f9bc52022c88f7d0f34461b4"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(fighter={self.fighter!r}, change={self.change!r}, landed={self.landed!r}, dive={self.dive!r}, redirect={self.redirect!r}, pursuit={self.pursuit!r})"
 return __repr__
CODE["83d59e986e1fd8e590886c0e769fef07"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('tier','area','ways','landed','notes',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["86f7f3981e89fbbd8c6a5029af69c4d1"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, engagement={self.engagement!r}, elevated={self.elevated!r}, distance={self.distance!r}, reason={self.reason!r}, tiers={self.tiers!r}, between_tiers={self.between_tiers!r}, dive={self.dive!r}, sees={self.sees!r})"
 return __repr__
CODE["885935919be0729e94c408730f4526cb"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_at, _type_areas, _type_edition, _type_tier, _type_mou, _type_factor, _type_vision, _type_abilities, _type_notes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_unit, _dflt_notes, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit=_dflt_unit,at:_type_at,areas:_type_areas,edition:_type_edition,tier:_type_tier,mou:_type_mou,factor:_type_factor,vision:_type_vision,abilities:_type_abilities,notes:_type_notes=_dflt_notes)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'areas',areas)
  __dataclass_builtins_object__.__setattr__(self,'edition',edition)
  __dataclass_builtins_object__.__setattr__(self,'tier',tier)
  __dataclass_builtins_object__.__setattr__(self,'mou',mou)
  __dataclass_builtins_object__.__setattr__(self,'factor',factor)
  __dataclass_builtins_object__.__setattr__(self,'vision',vision)
  __dataclass_builtins_object__.__setattr__(self,'abilities',abilities)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
 return __init__
CODE["8d56944b9bfad5aeb825f8decad01fe5"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(outline={self.outline!r})"
 return __repr__
CODE["9728bc5deac2be1daee30af8c333f793"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.at,self.ground_mou,self.air_mou,self.tier,self.name,self.facing,self.side,self.hidden,self.base,))
 return __hash__
CODE["9a93d5e549750d4e195c88d1e11b7543"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.at,self.areas,self.edition,self.tier,self.mou,self.factor,self.vision,self.abilities,self.notes,)==(other.ruleset,other.creature,other.unit,other.at,other.areas,other.edition,other.tier,other.mou,other.factor,other.vision,other.abilities,other.notes,)
  return NotImplemented
 return __eq__
CODE["9cfd1488b116715bcb115d38ca256d01"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_legal, _type_end, _type_steps, _type_error, _type_move_events, _type_start, _type_refused_at, _type_field_text, _type_edition, _type_budget, _type_spent, _type_ground_factor, _type_dive, _type_vision, _type_notes, _type_pursuit, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_unit, _dflt_error, _dflt_move_events, _dflt_start, _dflt_refused_at, _dflt_field_text, _dflt_dive, _dflt_vision, _dflt_notes, _dflt_pursuit, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit=_dflt_unit,legal:_type_legal,end:_type_end,steps:_type_steps,error:_type_error=_dflt_error,move_events:_type_move_events=_dflt_move_events,start:_type_start=_dflt_start,refused_at:_type_refused_at=_dflt_refused_at,field_text:_type_field_text=_dflt_field_text,edition:_type_edition,budget:_type_budget,spent:_type_spent,ground_factor:_type_ground_factor,dive:_type_dive=_dflt_dive,vision:_type_vision=_dflt_vision,notes:_type_notes=_dflt_notes,pursuit:_type_pursuit=_dflt_pursuit)->_return_type:
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
  __dataclass_builtins_object__.__setattr__(self,'edition',edition)
  __dataclass_builtins_object__.__setattr__(self,'budget',budget)
  __dataclass_builtins_object__.__setattr__(self,'spent',spent)
  __dataclass_builtins_object__.__setattr__(self,'ground_factor',ground_factor)
  __dataclass_builtins_object__.__setattr__(self,'dive',dive)
  __dataclass_builtins_object__.__setattr__(self,'vision',vision)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
  __dataclass_builtins_object__.__setattr__(self,'pursuit',pursuit)
 return __init__
CODE["a238af637ecf8fbccfb60d1838892121"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_at, _type_ground_mou, _type_air_mou, _type_tier, _type_name, _type_facing, _type_side, _type_hidden, _type_base, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_tier, _dflt_name, _dflt_facing, _dflt_side, _dflt_hidden, _dflt_base, _return_type):
 def __init__(self,id:_type_id,at:_type_at,ground_mou:_type_ground_mou,air_mou:_type_air_mou,tier:_type_tier=_dflt_tier,name:_type_name=_dflt_name,facing:_type_facing=_dflt_facing,side:_type_side=_dflt_side,hidden:_type_hidden=_dflt_hidden,base:_type_base=_dflt_base)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'ground_mou',ground_mou)
  __dataclass_builtins_object__.__setattr__(self,'air_mou',air_mou)
  __dataclass_builtins_object__.__setattr__(self,'tier',tier)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'facing',facing)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'hidden',hidden)
  __dataclass_builtins_object__.__setattr__(self,'base',base)
 return __init__
CODE["a8740a0c48d14c452ef4248a3bb142e0"] = __create_fn__.__code__

def __create_fn__(_type_tier, _type_area, _type_ways, _type_landed, _type_notes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_landed, _dflt_notes, _return_type):
 def __init__(self,tier:_type_tier,area:_type_area,ways:_type_ways,landed:_type_landed=_dflt_landed,notes:_type_notes=_dflt_notes)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'tier',tier)
  __dataclass_builtins_object__.__setattr__(self,'area',area)
  __dataclass_builtins_object__.__setattr__(self,'ways',ways)
  __dataclass_builtins_object__.__setattr__(self,'landed',landed)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
 return __init__
CODE["a8e6479825c3f0c6968e4a44eab4a36d"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.checks,self.events,self.length,self.total,self.tier,self.change,self.phase,)==(other.move,other.checks,other.events,other.length,other.total,other.tier,other.change,other.phase,)
  return NotImplemented
 return __eq__
CODE["b10076b470ccd7fc14d211eb42515b58"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('mou','value','deduction','factor','change','order','reason',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b109611caae3826b7d5cbb1a00d5d6f3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','at','ground_mou','air_mou','tier','name','facing','side','hidden','base',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b53faf83ff9e22f6a8c952702b248040"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_state, _type_checks, _type_events, _type_length, _type_total, _type_tier, _type_change, _type_phase, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_state, _dflt_checks, _dflt_events, _dflt_length, _dflt_total, _dflt_tier, _dflt_change, _dflt_phase, _return_type):
 def __init__(self,move:_type_move,length:_type_length=_dflt_length,total:_type_total=_dflt_total,tier:_type_tier=_dflt_tier,change:_type_change=_dflt_change,phase:_type_phase=_dflt_phase,*,state:_type_state=_HAS_DEFAULT_FACTORY,checks:_type_checks=_dflt_checks,events:_type_events=_dflt_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'state',_dflt_state() if state is _HAS_DEFAULT_FACTORY else state)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'length',length)
  __dataclass_builtins_object__.__setattr__(self,'total',total)
  __dataclass_builtins_object__.__setattr__(self,'tier',tier)
  __dataclass_builtins_object__.__setattr__(self,'change',change)
  __dataclass_builtins_object__.__setattr__(self,'phase',phase)
 return __init__
CODE["b625a82a78b31288de38f94c86bb7a6a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','text','point','target',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b94176cf28fb3644ad7ce0a9a08b8b4f"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.outline,))
 return __hash__
CODE["c17a7a0cf409fff248548414280502d3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','edition','budget','spent','ground_factor','dive','vision','notes','pursuit',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["c1c24003424d058807412a4e9bc24e45"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.text,self.point,self.target,))
 return __hash__
CODE["c1f4f2b3ba745c6e5620824244dd73d9"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('outline',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["c35dffaa9064ff22bcfba8d86af5e682"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('outline','factor',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["c6552398b1dd83e497ab7b15137ab74b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('fighter','change','landed','dive','redirect','pursuit',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["cca999fe18decba580c1227baa7b2965"] = __create_fn__.__code__

def __create_fn__(_type_battle, _type_fighter, _type_terrain, _type_budget, _type_tier, _type_at, _type_ground_length, _type_air_length, _type_ground_factor, _type_pursuit, _type_changes, _type_landed, _type_dive, _type_stages, _type_activation, _type_gone, _type_redirected, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_ground_length, _dflt_air_length, _dflt_ground_factor, _dflt_pursuit, _dflt_changes, _dflt_landed, _dflt_dive, _dflt_stages, _dflt_activation, _dflt_gone, _dflt_redirected, _return_type):
 def __init__(self,battle:_type_battle,fighter:_type_fighter,terrain:_type_terrain,budget:_type_budget,tier:_type_tier,at:_type_at,ground_length:_type_ground_length=_dflt_ground_length,air_length:_type_air_length=_dflt_air_length,ground_factor:_type_ground_factor=_dflt_ground_factor,pursuit:_type_pursuit=_dflt_pursuit,changes:_type_changes=_dflt_changes,landed:_type_landed=_dflt_landed,dive:_type_dive=_dflt_dive,stages:_type_stages=_HAS_DEFAULT_FACTORY,activation:_type_activation=_dflt_activation,gone:_type_gone=_dflt_gone,redirected:_type_redirected=_dflt_redirected)->_return_type:
  self.battle=battle
  self.fighter=fighter
  self.terrain=terrain
  self.budget=budget
  self.tier=tier
  self.at=at
  self.ground_length=ground_length
  self.air_length=air_length
  self.ground_factor=ground_factor
  self.pursuit=pursuit
  self.changes=changes
  self.landed=landed
  self.dive=dive
  self.stages=_dflt_stages() if stages is _HAS_DEFAULT_FACTORY else stages
  self.activation=activation
  self.gone=gone
  self.redirected=redirected
 return __init__
CODE["cf1316f58d332b0201bbfb63186d672c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.fighter,self.change,self.landed,self.dive,self.redirect,self.pursuit,))
 return __hash__
CODE["d641686ca53de2407baf69318c333969"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, at={self.at!r}, ground_mou={self.ground_mou!r}, air_mou={self.air_mou!r}, tier={self.tier!r}, name={self.name!r}, facing={self.facing!r}, side={self.side!r}, hidden={self.hidden!r}, base={self.base!r})"
 return __repr__
CODE["d729f0e2d119c64055fed6d3af7dcda9"] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_text, _type_point, _type_target, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_point, _dflt_target, _return_type):
 def __init__(self,kind:_type_kind,text:_type_text,point:_type_point=_dflt_point,target:_type_target=_dflt_target)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'text',text)
  __dataclass_builtins_object__.__setattr__(self,'point',point)
  __dataclass_builtins_object__.__setattr__(self,'target',target)
 return __init__
CODE["e014e3ea0d822f72cc88884f4fa8ab04"] = __create_fn__.__code__

def __create_fn__(_type_outline, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,outline:_type_outline)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'outline',outline)
 return __init__
CODE["e0a8976e814e5db0d1255944226d5ee6"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('tier','area','ways','landed','notes',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["e6ff8c813756e0de480261a9e7dd9db7"] = __create_fn__.__code__

def __create_fn__(_type_outline, _type_factor, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,outline:_type_outline,factor:_type_factor)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'outline',outline)
  __dataclass_builtins_object__.__setattr__(self,'factor',factor)
 return __init__
CODE["e7f0b6092c63ff4bb5e883ee723dd68e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('edition','table','obstacles','zones','fighters',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["e92f3d96584c9e9cc5dd1594e8301032"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.at,self.ground_mou,self.air_mou,self.tier,self.name,self.facing,self.side,self.hidden,self.base,)==(other.id,other.at,other.ground_mou,other.air_mou,other.tier,other.name,other.facing,other.side,other.hidden,other.base,)
  return NotImplemented
 return __eq__
CODE["effcd52343cd3afbb1bd39afd85a1f63"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.outline,self.factor,))
 return __hash__
CODE["f05526547372cf451e2f8779ab8fd7a3"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(mou={self.mou!r}, value={self.value!r}, deduction={self.deduction!r}, factor={self.factor!r}, change={self.change!r}, order={self.order!r}, reason={self.reason!r})"
 return __repr__
CODE["f263c63c3b42549871131d86b5be789a"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(edition={self.edition!r}, table={self.table!r}, obstacles={self.obstacles!r}, zones={self.zones!r}, fighters={self.fighters!r})"
 return __repr__
CODE["f53907e81ee454f518af3907246aa580"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.battle,self.fighter,self.terrain,self.budget,self.tier,self.at,self.ground_length,self.air_length,self.ground_factor,self.pursuit,self.changes,self.landed,self.dive,self.stages,self.activation,self.gone,self.redirected,)==(other.battle,other.fighter,other.terrain,other.budget,other.tier,other.at,other.ground_length,other.air_length,other.ground_factor,other.pursuit,other.changes,other.landed,other.dive,other.stages,other.activation,other.gone,other.redirected,)
  return NotImplemented
 return __eq__
CODE["fa396417e9d98d33e587dbab94cbb604"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,self.tiers,self.between_tiers,self.dive,self.sees,))
 return __hash__
CODE["fdc26437ac758cdd97136a61230e53fe"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','edition','budget','spent','ground_factor','dive','vision','notes','pursuit',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["fe28be2a4fea32caf22c2c108dc34d62"] = __create_fn__.__code__
