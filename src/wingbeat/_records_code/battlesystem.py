"""The code of the methods ``_records.dataclass`` writes for the classes of battlesystem, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas','game','rate','heading','altitude','formation','leave_cost',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0346d224607b2edf26dd38719f5fd0b2"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.rate,self.climb_cost,self.distance,self.turn_allowed,self.turn_used,self.half_speed,self.notes,))
 return __hash__
CODE["06b44fda2240b59bdca5f66eb8a27332"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.at,self.areas,self.game,self.rate,self.heading,self.altitude,self.formation,self.leave_cost,)==(other.ruleset,other.creature,other.unit,other.at,other.areas,other.game,other.rate,other.heading,other.altitude,other.formation,other.leave_cost,)
  return NotImplemented
 return __eq__
CODE["074a0113bac63169814a65b90c8d0df9"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','height',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0dc0b6f549161c3ed9ba6404e9461f90"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.degrees,)==(other.name,other.degrees,)
  return NotImplemented
 return __eq__
CODE["1431972d218c050e430b08838687a585"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_at, _type_areas, _type_game, _type_rate, _type_heading, _type_altitude, _type_formation, _type_leave_cost, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_unit, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit=_dflt_unit,at:_type_at,areas:_type_areas,game:_type_game,rate:_type_rate,heading:_type_heading,altitude:_type_altitude,formation:_type_formation,leave_cost:_type_leave_cost)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'areas',areas)
  __dataclass_builtins_object__.__setattr__(self,'game',game)
  __dataclass_builtins_object__.__setattr__(self,'rate',rate)
  __dataclass_builtins_object__.__setattr__(self,'heading',heading)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'formation',formation)
  __dataclass_builtins_object__.__setattr__(self,'leave_cost',leave_cost)
 return __init__
CODE["150e19aa90fdb58b0ab69554037fd095"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, degrees={self.degrees!r})"
 return __repr__
CODE["1824b6c71abdbe77a189aa4ac5c80c04"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,self.altitudes,))
 return __hash__
CODE["1cd630d2544b2bbb8932464340d35e5f"] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_engagement, _type_elevated, _type_distance, _type_reason, _type_altitudes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,a:_type_a,b:_type_b,engagement:_type_engagement,elevated:_type_elevated,distance:_type_distance,reason:_type_reason,*,altitudes:_type_altitudes)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
  __dataclass_builtins_object__.__setattr__(self,'engagement',engagement)
  __dataclass_builtins_object__.__setattr__(self,'elevated',elevated)
  __dataclass_builtins_object__.__setattr__(self,'distance',distance)
  __dataclass_builtins_object__.__setattr__(self,'reason',reason)
  __dataclass_builtins_object__.__setattr__(self,'altitudes',altitudes)
 return __init__
CODE["230e2bd2045a0520b512ee782be93035"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.engagement,self.elevated,self.distance,self.reason,self.altitudes,)==(other.a,other.b,other.engagement,other.elevated,other.distance,other.reason,other.altitudes,)
  return NotImplemented
 return __eq__
CODE["2441c2c3c43e3d834271ce9c9a1d830d"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_state, _type_checks, _type_events, _type_length, _type_total, _type_climb, _type_heading, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_state, _dflt_checks, _dflt_events, _dflt_length, _dflt_total, _dflt_climb, _dflt_heading, _return_type):
 def __init__(self,move:_type_move,length:_type_length=_dflt_length,total:_type_total=_dflt_total,climb:_type_climb=_dflt_climb,heading:_type_heading=_dflt_heading,*,state:_type_state=_HAS_DEFAULT_FACTORY,checks:_type_checks=_dflt_checks,events:_type_events=_dflt_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'state',_dflt_state() if state is _HAS_DEFAULT_FACTORY else state)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'length',length)
  __dataclass_builtins_object__.__setattr__(self,'total',total)
  __dataclass_builtins_object__.__setattr__(self,'climb',climb)
  __dataclass_builtins_object__.__setattr__(self,'heading',heading)
 return __init__
CODE["246dd62966a7dbaa94e92c3fa1e386fa"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.creature,self.unit,self.at,self.areas,self.game,self.rate,self.heading,self.altitude,self.formation,self.leave_cost,))
 return __hash__
CODE["264fe01d10a1400cb0709cd020964684"] = __create_fn__.__code__

def __create_fn__(_type_name, _type_degrees, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,name:_type_name,degrees:_type_degrees)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'degrees',degrees)
 return __init__
CODE["28eeba1dbec9c816a9b8ab877655e92e"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.radius,self.category,)==(other.radius,other.category,)
  return NotImplemented
 return __eq__
CODE["2fa0a9b316f94335b4ecacac9339c35c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','rate','climb_cost','distance','turn_allowed','turn_used','half_speed','notes',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["3075408fbd4aafea5e16a97327d85e81"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, at={self.at!r}, areas={self.areas!r}, game={self.game!r}, rate={self.rate!r}, heading={self.heading!r}, altitude={self.altitude!r}, formation={self.formation!r}, leave_cost={self.leave_cost!r})"
 return __repr__
CODE["33d0d4828566264176d16bc701346c79"] = __create_fn__.__code__

def __create_fn__(_type_unit, _type_left, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,unit:_type_unit,left:_type_left)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'unit',unit)
  __dataclass_builtins_object__.__setattr__(self,'left',left)
 return __init__
CODE["350afcd1ad2d5580156316b13067a279"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.checks,self.events,self.length,self.total,self.climb,self.heading,)==(other.move,other.checks,other.events,other.length,other.total,other.climb,other.heading,)
  return NotImplemented
 return __eq__
CODE["37a855f039f35676eacad3da6c8c747e"] = __create_fn__.__code__

def __create_fn__(_type_altitude, _type_height, _type_climb_levels, _type_climb_cost, _type_full, _type_half, _type_area, _type_formation, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,altitude:_type_altitude,height:_type_height,climb_levels:_type_climb_levels,climb_cost:_type_climb_cost,full:_type_full,half:_type_half,area:_type_area,formation:_type_formation)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
  __dataclass_builtins_object__.__setattr__(self,'climb_levels',climb_levels)
  __dataclass_builtins_object__.__setattr__(self,'climb_cost',climb_cost)
  __dataclass_builtins_object__.__setattr__(self,'full',full)
  __dataclass_builtins_object__.__setattr__(self,'half',half)
  __dataclass_builtins_object__.__setattr__(self,'area',area)
  __dataclass_builtins_object__.__setattr__(self,'formation',formation)
 return __init__
CODE["398b45a9f3fc2ea9f96d977723978c48"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.at,self.heading,self.fly,self.altitude,self.name,self.maneuverability,self.size,self.magical,self.mounted,self.formation,self.side,self.hidden,))
 return __hash__
CODE["3b663ce895ba1eefaab6aec71cc9d1d6"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.altitude,self.height,self.climb_levels,self.climb_cost,self.full,self.half,self.area,self.formation,)==(other.altitude,other.height,other.climb_levels,other.climb_cost,other.full,other.half,other.area,other.formation,)
  return NotImplemented
 return __eq__
CODE["4943433344d752c55f70593cd8b707f7"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_creature, _type_unit, _type_legal, _type_end, _type_steps, _type_error, _type_move_events, _type_start, _type_refused_at, _type_field_text, _type_rate, _type_climb_cost, _type_distance, _type_turn_allowed, _type_turn_used, _type_half_speed, _type_notes, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_unit, _dflt_error, _dflt_move_events, _dflt_start, _dflt_refused_at, _dflt_field_text, _dflt_notes, _return_type):
 def __init__(self,*,ruleset:_type_ruleset,creature:_type_creature,unit:_type_unit=_dflt_unit,legal:_type_legal,end:_type_end,steps:_type_steps,error:_type_error=_dflt_error,move_events:_type_move_events=_dflt_move_events,start:_type_start=_dflt_start,refused_at:_type_refused_at=_dflt_refused_at,field_text:_type_field_text=_dflt_field_text,rate:_type_rate,climb_cost:_type_climb_cost,distance:_type_distance,turn_allowed:_type_turn_allowed,turn_used:_type_turn_used,half_speed:_type_half_speed,notes:_type_notes=_dflt_notes)->_return_type:
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
  __dataclass_builtins_object__.__setattr__(self,'rate',rate)
  __dataclass_builtins_object__.__setattr__(self,'climb_cost',climb_cost)
  __dataclass_builtins_object__.__setattr__(self,'distance',distance)
  __dataclass_builtins_object__.__setattr__(self,'turn_allowed',turn_allowed)
  __dataclass_builtins_object__.__setattr__(self,'turn_used',turn_used)
  __dataclass_builtins_object__.__setattr__(self,'half_speed',half_speed)
  __dataclass_builtins_object__.__setattr__(self,'notes',notes)
 return __init__
CODE["4ecd71d273c1183773c49eb63e9e87a1"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.unit,self.left,))
 return __hash__
CODE["5a4d4dad6c594d79fed4519a25b538e9"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.creature,self.unit,self.legal,self.end,self.steps,self.error,self.move_events,self.rate,self.climb_cost,self.distance,self.turn_allowed,self.turn_used,self.half_speed,self.notes,)==(other.ruleset,other.creature,other.unit,other.legal,other.end,other.steps,other.error,other.move_events,other.rate,other.climb_cost,other.distance,other.turn_allowed,other.turn_used,other.half_speed,other.notes,)
  return NotImplemented
 return __eq__
CODE["5c3f9e4d979eb0fb448ea6e02558a35d"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, height={self.height!r})"
 return __repr__
CODE["5db283bfdc6a1ac9502674ee33beb4f4"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, engagement={self.engagement!r}, elevated={self.elevated!r}, distance={self.distance!r}, reason={self.reason!r}, altitudes={self.altitudes!r})"
 return __repr__
CODE["60760725a4dfdda7592fb554b43077b1"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','state','checks','events','length','total','climb','heading',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["60906cfa308c479186f650a81b70bb09"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('altitude','height','climb_levels','climb_cost','full','half','area','formation',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["656d1c57c6010e96a70a90cd199b922d"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, creature={self.creature!r}, unit={self.unit!r}, legal={self.legal!r}, end={self.end!r}, steps={self.steps!r}, error={self.error!r}, move_events={self.move_events!r}, rate={self.rate!r}, climb_cost={self.climb_cost!r}, distance={self.distance!r}, turn_allowed={self.turn_allowed!r}, turn_used={self.turn_used!r}, half_speed={self.half_speed!r}, notes={self.notes!r})"
 return __repr__
CODE["66ec05ed3f86ad2fb38b5b9be19b2207"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','degrees',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["6824aafe747bdb039d154b333a6bceae"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('game','table','levels','units',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["6bddac199a49e4db09961db51adebd7b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('unit','left',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["70f0debb52bf6b8ea5380c81d13ed69e"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.height,))
 return __hash__
CODE["7263cf4099dc49947f5442456b6ed48d"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.unit,self.left,)==(other.unit,other.left,)
  return NotImplemented
 return __eq__
CODE["74dd98b5d2da85e7fa0c2b80df597a8b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','state','checks','events','length','total','climb','heading',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7556223c1e0195818d598e325f5fd0bf"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.degrees,))
 return __hash__
CODE["75710d298b04df264d519e88b3579546"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','degrees',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7a126fff5e12808a0defa50eb80211fb"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('altitude','height','climb_levels','climb_cost','full','half','area','formation',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7bc8c6ea86282504ae4a1b9a5d18f712"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','at','heading','fly','altitude','name','maneuverability','size','magical','mounted','formation','side','hidden',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7e9be1a6e80190d9e10ebfb165096813"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason','altitudes',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["83ef5e41fc228d5c22ade05b03bbaca5"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.checks,self.events,self.length,self.total,self.climb,self.heading,))
 return __hash__
CODE["83f7a97baaabd56b076b0effbe118e17"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.game,self.table,self.levels,self.units,))
 return __hash__
CODE["8447d73402694891d17ccfbe6802fc44"] = __create_fn__.__code__

def __create_fn__(_type_game, _type_table, _type_levels, _type_units, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_levels, _dflt_units, _return_type):
 def __init__(self,game:_type_game,table:_type_table,levels:_type_levels=_dflt_levels,units:_type_units=_dflt_units)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'game',game)
  __dataclass_builtins_object__.__setattr__(self,'table',table)
  __dataclass_builtins_object__.__setattr__(self,'levels',levels)
  __dataclass_builtins_object__.__setattr__(self,'units',units)
 return __init__
CODE["8525d392d945f4632f495a61326b9b8c"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.height,)==(other.name,other.height,)
  return NotImplemented
 return __eq__
CODE["8d7d5f2d0ebdaa1b71c2f9e8d87390c4"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_at, _type_heading, _type_fly, _type_altitude, _type_name, _type_maneuverability, _type_size, _type_magical, _type_mounted, _type_formation, _type_side, _type_hidden, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_altitude, _dflt_name, _dflt_maneuverability, _dflt_size, _dflt_magical, _dflt_mounted, _dflt_formation, _dflt_side, _dflt_hidden, _return_type):
 def __init__(self,id:_type_id,at:_type_at,heading:_type_heading,fly:_type_fly,altitude:_type_altitude=_dflt_altitude,name:_type_name=_dflt_name,maneuverability:_type_maneuverability=_dflt_maneuverability,size:_type_size=_dflt_size,magical:_type_magical=_dflt_magical,mounted:_type_mounted=_dflt_mounted,formation:_type_formation=_dflt_formation,side:_type_side=_dflt_side,hidden:_type_hidden=_dflt_hidden)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'heading',heading)
  __dataclass_builtins_object__.__setattr__(self,'fly',fly)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'maneuverability',maneuverability)
  __dataclass_builtins_object__.__setattr__(self,'size',size)
  __dataclass_builtins_object__.__setattr__(self,'magical',magical)
  __dataclass_builtins_object__.__setattr__(self,'mounted',mounted)
  __dataclass_builtins_object__.__setattr__(self,'formation',formation)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'hidden',hidden)
 return __init__
CODE["8ef12e409b5a09e32fb8b4acaeb7bff7"] = __create_fn__.__code__

def __create_fn__(_type_battle, _type_unit, _type_at, _type_altitude, _type_climb_levels, _type_distance, _type_turn_used, _type_left, _type_took_off, _type_legs, _type_deviations, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_climb_levels, _dflt_distance, _dflt_turn_used, _dflt_left, _dflt_took_off, _dflt_legs, _dflt_deviations, _return_type):
 def __init__(self,battle:_type_battle,unit:_type_unit,at:_type_at,altitude:_type_altitude,climb_levels:_type_climb_levels=_dflt_climb_levels,distance:_type_distance=_dflt_distance,turn_used:_type_turn_used=_dflt_turn_used,left:_type_left=_dflt_left,took_off:_type_took_off=_dflt_took_off,legs:_type_legs=_HAS_DEFAULT_FACTORY,deviations:_type_deviations=_HAS_DEFAULT_FACTORY)->_return_type:
  self.battle=battle
  self.unit=unit
  self.at=at
  self.altitude=altitude
  self.climb_levels=climb_levels
  self.distance=distance
  self.turn_used=turn_used
  self.left=left
  self.took_off=took_off
  self.legs=_dflt_legs() if legs is _HAS_DEFAULT_FACTORY else legs
  self.deviations=_dflt_deviations() if deviations is _HAS_DEFAULT_FACTORY else deviations
 return __init__
CODE["9163261877c4441cb74175a85d88a578"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.at,self.heading,self.fly,self.altitude,self.name,self.maneuverability,self.size,self.magical,self.mounted,self.formation,self.side,self.hidden,)==(other.id,other.at,other.heading,other.fly,other.altitude,other.name,other.maneuverability,other.size,other.magical,other.mounted,other.formation,other.side,other.hidden,)
  return NotImplemented
 return __eq__
CODE["a0ecc82f5d2d0767f6e891ad4411793c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.radius,self.category,))
 return __hash__
CODE["a449851d63f04ae7ec54c857a899e636"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','legal','end','steps','error','move_events','start','refused_at','field_text','rate','climb_cost','distance','turn_allowed','turn_used','half_speed','notes',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["a55693f8413c90baf1bb3a41abfa0046"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('game','table','levels','units',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["b63b2dcf3b19489237bbe5793cf9a49e"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(altitude={self.altitude!r}, height={self.height!r}, climb_levels={self.climb_levels!r}, climb_cost={self.climb_cost!r}, full={self.full!r}, half={self.half!r}, area={self.area!r}, formation={self.formation!r})"
 return __repr__
CODE["b8227db30ea544de324e1bb692f3ed23"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, checks={self.checks!r}, events={self.events!r}, length={self.length!r}, total={self.total!r}, climb={self.climb!r}, heading={self.heading!r})"
 return __repr__
CODE["c2a81262fc489f8e5d9a5cfa3bf889cc"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.altitude,self.height,self.climb_levels,self.climb_cost,self.full,self.half,self.area,self.formation,))
 return __hash__
CODE["c841091ee7a07b166b227fa35e3a2c0b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('unit','left',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d29c6f79c06e66e3261cf707aea48531"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, at={self.at!r}, heading={self.heading!r}, fly={self.fly!r}, altitude={self.altitude!r}, name={self.name!r}, maneuverability={self.maneuverability!r}, size={self.size!r}, magical={self.magical!r}, mounted={self.mounted!r}, formation={self.formation!r}, side={self.side!r}, hidden={self.hidden!r})"
 return __repr__
CODE["d5443754f3c97b4730e050372fa676b1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.game,self.table,self.levels,self.units,)==(other.game,other.table,other.levels,other.units,)
  return NotImplemented
 return __eq__
CODE["d5ff900e9c321ba2ac41417f067ccf3f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','at','heading','fly','altitude','name','maneuverability','size','magical','mounted','formation','side','hidden',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["d7cb85c2bbaa8c3b3b12cd13a67d0534"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('a','b','engagement','elevated','distance','reason','altitudes',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["d951e9ee800b14a8cfda78e93f87b8af"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(radius={self.radius!r}, category={self.category!r})"
 return __repr__
CODE["dec7fe8cda81ef44655186a4b2700628"] = __create_fn__.__code__

def __create_fn__(_type_radius, _type_category, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,radius:_type_radius,category:_type_category)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'radius',radius)
  __dataclass_builtins_object__.__setattr__(self,'category',category)
 return __init__
CODE["df42d16f52b947aa31752f7414b63154"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.battle,self.unit,self.at,self.altitude,self.climb_levels,self.distance,self.turn_used,self.left,self.took_off,self.legs,self.deviations,)==(other.battle,other.unit,other.at,other.altitude,other.climb_levels,other.distance,other.turn_used,other.left,other.took_off,other.legs,other.deviations,)
  return NotImplemented
 return __eq__
CODE["e1eb73682c8584a6b5c4873c1dc393fa"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(battle={self.battle!r}, unit={self.unit!r}, at={self.at!r}, altitude={self.altitude!r}, climb_levels={self.climb_levels!r}, distance={self.distance!r}, turn_used={self.turn_used!r}, left={self.left!r}, took_off={self.took_off!r}, legs={self.legs!r}, deviations={self.deviations!r})"
 return __repr__
CODE["e3063d14d857c85846490b000e7bad83"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','height',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["e543ed56b9bb8922de6e2e5f2dc49c81"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','creature','unit','at','areas','game','rate','heading','altitude','formation','leave_cost',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["e64dfc365b457d0a3747fb415d2ddffc"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('radius','category',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["e76e7706b9c72178691724cbf1086483"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(game={self.game!r}, table={self.table!r}, levels={self.levels!r}, units={self.units!r})"
 return __repr__
CODE["f309b4f9f64c315e244748ee0660de5a"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(unit={self.unit!r}, left={self.left!r})"
 return __repr__
CODE["f348cd548632c18f3195079e5462ac85"] = __create_fn__.__code__

def __create_fn__(_type_name, _type_height, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,name:_type_name,height:_type_height)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
 return __init__
CODE["f66495ee0e582de02988fb398d654677"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('radius','category',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["f95d43e73a098d72efc0375e04c39971"] = __create_fn__.__code__
