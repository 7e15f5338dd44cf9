"""The code of the methods ``_records.dataclass`` writes for the classes of dnd5e, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','dst','chain','squares','axes','rise','checks','standing','events',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["01e71c3a72ed89614364db1c588082fc"] = __create_fn__.__code__

def __create_fn__(_type_diagonals, _type_units, _type_fall_rate, _type_flyer_fall, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_diagonals, _dflt_units, _dflt_fall_rate, _dflt_flyer_fall, _return_type):
 def __init__(self,diagonals:_type_diagonals=_dflt_diagonals,units:_type_units=_dflt_units,fall_rate:_type_fall_rate=_dflt_fall_rate,flyer_fall:_type_flyer_fall=_dflt_flyer_fall)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'diagonals',diagonals)
  __dataclass_builtins_object__.__setattr__(self,'units',units)
  __dataclass_builtins_object__.__setattr__(self,'fall_rate',fall_rate)
  __dataclass_builtins_object__.__setattr__(self,'flyer_fall',flyer_fall)
 return __init__
CODE["068734a31ea9f940417e15764297c02a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.columns,self.rows,self.grid,self.top,self.bottom,self.cells,self.walls,)==(other.columns,other.rows,other.grid,other.top,other.bottom,other.cells,other.walls,)
  return NotImplemented
 return __eq__
CODE["07c03f14cc7978b0a269bc0fc95d6d70"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.creature,self.end,self.events,self.falls_later,)==(other.creature,other.end,other.events,other.falls_later,)
  return NotImplemented
 return __eq__
CODE["0a5375c49db3ea1cd394d3be84d5e3b5"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('move','turn','start_events',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0b459f4c6a0c1f420bfe0eb09c440a60"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','at','altitude','name','size','speed','hover','magic_flight','reach','side','hidden','conditions','reaction','strength','acrobatics',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["0db2771cbc4e0e07e4bd5a0fae2e3430"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('a','b','distance','a_in_reach_of_b','b_in_reach_of_a','elevated','hostile','walled',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["0ebdcb248c4b4b809aabfbd2932da291"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(mode={self.mode!r}, multiplier={self.multiplier!r}, difficult={self.difficult!r}, foot={self.foot!r})"
 return __repr__
CODE["0f8df270af8c9f6a8727cd9435a18485"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.pos,self.anchor,self.z,self.squeezed,self.cells,self.height,self.landing,self.kind,self.water,self.climbable,self.difficult,self.occupants,self.threat,))
 return __hash__
CODE["0faba7f5f47779fe2b8df0e5431699fb"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('pos','anchor','z','squeezed','cells','height','landing','kind','water','climbable','difficult','occupants','threat',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["112c7eaf7d90fb284510e1172c35d0ff"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('move','turn','start_events',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["14047262aede09f1d27034b286a488ed"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(a={self.a!r}, b={self.b!r}, distance={self.distance!r}, a_in_reach_of_b={self.a_in_reach_of_b!r}, b_in_reach_of_a={self.b_in_reach_of_a!r}, elevated={self.elevated!r}, hostile={self.hostile!r}, walled={self.walled!r})"
 return __repr__
CODE["153cf03e403b4af0fae4fe200e8dd07a"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.a,self.b,self.distance,self.a_in_reach_of_b,self.b_in_reach_of_a,self.elevated,self.hostile,self.walled,))
 return __hash__
CODE["1b50f5b0874ad6e89d17cce4dcafc732"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('mode','multiplier','difficult','foot',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["1ee53a5e93b323b1b115e8ff484f0b35"] = __create_fn__.__code__

def __create_fn__(_type_grid, _type_col, _type_row, _type_ground, _type_ceil, _type_terrain, _type_sides, _type_shapes, _type_corners, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,grid:_type_grid,col:_type_col,row:_type_row,ground:_type_ground,ceil:_type_ceil,terrain:_type_terrain,sides:_type_sides,shapes:_type_shapes,corners:_type_corners)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'grid',grid)
  __dataclass_builtins_object__.__setattr__(self,'col',col)
  __dataclass_builtins_object__.__setattr__(self,'row',row)
  __dataclass_builtins_object__.__setattr__(self,'ground',ground)
  __dataclass_builtins_object__.__setattr__(self,'ceil',ceil)
  __dataclass_builtins_object__.__setattr__(self,'terrain',terrain)
  __dataclass_builtins_object__.__setattr__(self,'sides',sides)
  __dataclass_builtins_object__.__setattr__(self,'shapes',shapes)
  __dataclass_builtins_object__.__setattr__(self,'corners',corners)
 return __init__
CODE["1f7442efdb1d58b4bdcb6d3259459519"] = __create_fn__.__code__

def __create_fn__(_type_name, _type_dst, _type_chain, _type_squares, _type_axes, _type_rise, _type_checks, _type_standing, _type_events, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,name:_type_name,dst:_type_dst,chain:_type_chain,squares:_type_squares,axes:_type_axes,rise:_type_rise,checks:_type_checks,standing:_type_standing,events:_type_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'dst',dst)
  __dataclass_builtins_object__.__setattr__(self,'chain',chain)
  __dataclass_builtins_object__.__setattr__(self,'squares',squares)
  __dataclass_builtins_object__.__setattr__(self,'axes',axes)
  __dataclass_builtins_object__.__setattr__(self,'rise',rise)
  __dataclass_builtins_object__.__setattr__(self,'checks',checks)
  __dataclass_builtins_object__.__setattr__(self,'standing',standing)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
 return __init__
CODE["25597d7cd5a336384ef3db6c5e93fcf6"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.map,self.creatures,self.options,)==(other.map,other.creatures,other.options,)
  return NotImplemented
 return __eq__
CODE["259e1bebac07b5f0cc42efbc299e5a0f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('creature','end','events','falls_later',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2665dd6c32b2a26503c8e5f31c0b791e"] = __create_fn__.__code__

def __create_fn__(_type_terrain, _type_wall, _type_ground, _type_ceiling, _type_climb, _type_air_difficult, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_terrain, _dflt_wall, _dflt_ground, _dflt_ceiling, _dflt_climb, _dflt_air_difficult, _return_type):
 def __init__(self,terrain:_type_terrain=_dflt_terrain,wall:_type_wall=_dflt_wall,ground:_type_ground=_dflt_ground,ceiling:_type_ceiling=_dflt_ceiling,climb:_type_climb=_dflt_climb,air_difficult:_type_air_difficult=_dflt_air_difficult)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'terrain',terrain)
  __dataclass_builtins_object__.__setattr__(self,'wall',wall)
  __dataclass_builtins_object__.__setattr__(self,'ground',ground)
  __dataclass_builtins_object__.__setattr__(self,'ceiling',ceiling)
  __dataclass_builtins_object__.__setattr__(self,'climb',climb)
  __dataclass_builtins_object__.__setattr__(self,'air_difficult',air_difficult)
 return __init__
CODE["2e5143bff001a6474b35d8ec60003a2a"] = __create_fn__.__code__

def __create_fn__(_type_map, _type_creatures, _type_options, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_creatures, _dflt_options, _return_type):
 def __init__(self,map:_type_map,creatures:_type_creatures=_dflt_creatures,options:_type_options=_dflt_options)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'map',map)
  __dataclass_builtins_object__.__setattr__(self,'creatures',creatures)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
 return __init__
CODE["2fae24e2cd428c2708b59966ccbf71f1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.at,self.altitude,self.name,self.size,self.speed,self.hover,self.magic_flight,self.reach,self.side,self.hidden,self.conditions,self.reaction,self.strength,self.acrobatics,)==(other.id,other.at,other.altitude,other.name,other.size,other.speed,other.hover,other.magic_flight,other.reach,other.side,other.hidden,other.conditions,other.reaction,other.strength,other.acrobatics,)
  return NotImplemented
 return __eq__
CODE["321ec2b30a0fa942bc32d03ce05716dc"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(creature={self.creature!r}, end={self.end!r}, events={self.events!r}, falls_later={self.falls_later!r})"
 return __repr__
CODE["32b3f8e636cc9e282f2dbfb7574ccff9"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('terrain','wall','ground','ceiling','climb','air_difficult',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["3322430ca3a13b03fd786dd13a6a9a1d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.at,self.altitude,self.name,self.size,self.speed,self.hover,self.magic_flight,self.reach,self.side,self.hidden,self.conditions,self.reaction,self.strength,self.acrobatics,))
 return __hash__
CODE["34def0f7fd3e2424e591b67276c42f29"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_at, _type_altitude, _type_name, _type_size, _type_speed, _type_hover, _type_magic_flight, _type_reach, _type_side, _type_hidden, _type_conditions, _type_reaction, _type_strength, _type_acrobatics, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_name, _dflt_size, _dflt_speed, _dflt_hover, _dflt_magic_flight, _dflt_reach, _dflt_side, _dflt_hidden, _dflt_conditions, _dflt_reaction, _dflt_strength, _dflt_acrobatics, _return_type):
 def __init__(self,id:_type_id,at:_type_at,altitude:_type_altitude,name:_type_name=_dflt_name,size:_type_size=_dflt_size,speed:_type_speed=_dflt_speed,hover:_type_hover=_dflt_hover,magic_flight:_type_magic_flight=_dflt_magic_flight,reach:_type_reach=_dflt_reach,side:_type_side=_dflt_side,hidden:_type_hidden=_dflt_hidden,conditions:_type_conditions=_dflt_conditions,reaction:_type_reaction=_dflt_reaction,strength:_type_strength=_dflt_strength,acrobatics:_type_acrobatics=_dflt_acrobatics)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'at',at)
  __dataclass_builtins_object__.__setattr__(self,'altitude',altitude)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'size',size)
  __dataclass_builtins_object__.__setattr__(self,'speed',speed)
  __dataclass_builtins_object__.__setattr__(self,'hover',hover)
  __dataclass_builtins_object__.__setattr__(self,'magic_flight',magic_flight)
  __dataclass_builtins_object__.__setattr__(self,'reach',reach)
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'hidden',hidden)
  __dataclass_builtins_object__.__setattr__(self,'conditions',conditions)
  __dataclass_builtins_object__.__setattr__(self,'reaction',reaction)
  __dataclass_builtins_object__.__setattr__(self,'strength',strength)
  __dataclass_builtins_object__.__setattr__(self,'acrobatics',acrobatics)
 return __init__
CODE["39d99dd4173e1f9ba25a75d6810af676"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(move={self.move!r}, turn={self.turn!r}, start_events={self.start_events!r})"
 return __repr__
CODE["3eb9299c85838c6307e17a030ac7d38b"] = __create_fn__.__code__

def __create_fn__(_type_pos, _type_anchor, _type_z, _type_squeezed, _type_cells, _type_height, _type_landing, _type_kind, _type_water, _type_climbable, _type_difficult, _type_occupants, _type_threat, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,pos:_type_pos,anchor:_type_anchor,z:_type_z,squeezed:_type_squeezed,cells:_type_cells,height:_type_height,landing:_type_landing,kind:_type_kind,water:_type_water,climbable:_type_climbable,difficult:_type_difficult,occupants:_type_occupants,threat:_type_threat)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'pos',pos)
  __dataclass_builtins_object__.__setattr__(self,'anchor',anchor)
  __dataclass_builtins_object__.__setattr__(self,'z',z)
  __dataclass_builtins_object__.__setattr__(self,'squeezed',squeezed)
  __dataclass_builtins_object__.__setattr__(self,'cells',cells)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
  __dataclass_builtins_object__.__setattr__(self,'landing',landing)
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'water',water)
  __dataclass_builtins_object__.__setattr__(self,'climbable',climbable)
  __dataclass_builtins_object__.__setattr__(self,'difficult',difficult)
  __dataclass_builtins_object__.__setattr__(self,'occupants',occupants)
  __dataclass_builtins_object__.__setattr__(self,'threat',threat)
 return __init__
CODE["3ebbd9a6b521d6dac1bb6088318efa20"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('feet','dice','remaining',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["40dd0ca4272bbc45cb455662694d2fe0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('grid','col','row','ground','ceil','terrain','sides','shapes','corners',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["40e7c5e51b7f659d65a5033d05f883c1"] = __create_fn__.__code__

def __create_fn__(_type_walk, _type_fly, _type_climb, _type_swim, _type_burrow, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_walk, _dflt_fly, _dflt_climb, _dflt_swim, _dflt_burrow, _return_type):
 def __init__(self,walk:_type_walk=_dflt_walk,fly:_type_fly=_dflt_fly,climb:_type_climb=_dflt_climb,swim:_type_swim=_dflt_swim,burrow:_type_burrow=_dflt_burrow)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'walk',walk)
  __dataclass_builtins_object__.__setattr__(self,'fly',fly)
  __dataclass_builtins_object__.__setattr__(self,'climb',climb)
  __dataclass_builtins_object__.__setattr__(self,'swim',swim)
  __dataclass_builtins_object__.__setattr__(self,'burrow',burrow)
 return __init__
CODE["47738419f7021fa7572cdd5f46fd5092"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.dst,self.chain,self.squares,self.axes,self.rise,self.checks,self.standing,self.events,)==(other.name,other.dst,other.chain,other.squares,other.axes,other.rise,other.checks,other.standing,other.events,)
  return NotImplemented
 return __eq__
CODE["4956ee52c5449dc2e33cada3f528a004"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.terrain,self.wall,self.ground,self.ceiling,self.climb,self.air_difficult,)==(other.terrain,other.wall,other.ground,other.ceiling,other.climb,other.air_difficult,)
  return NotImplemented
 return __eq__
CODE["4b0cac596f7287ea1dc021e72e007e2a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.a,self.b,self.distance,self.a_in_reach_of_b,self.b_in_reach_of_a,self.elevated,self.hostile,self.walled,)==(other.a,other.b,other.distance,other.a_in_reach_of_b,other.b_in_reach_of_a,other.elevated,other.hostile,other.walled,)
  return NotImplemented
 return __eq__
CODE["4cd1acbae26431ad4bccbb6fb41b70b4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.pos,self.anchor,self.z,self.squeezed,self.cells,self.height,self.landing,self.kind,self.water,self.climbable,self.difficult,self.occupants,self.threat,)==(other.pos,other.anchor,other.z,other.squeezed,other.cells,other.height,other.landing,other.kind,other.water,other.climbable,other.difficult,other.occupants,other.threat,)
  return NotImplemented
 return __eq__
CODE["4f817d9c8916ffa5093625fa053b1ce0"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.dash_name,self.target,self.dz,self.axes,self.corners,))
 return __hash__
CODE["515c67c4ef236bb9e157fd28966c0113"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('diagonals','units','fall_rate','flyer_fall',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["535c3c23a82ae2ae7a48e8d6d5df3881"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(feet={self.feet!r}, dice={self.dice!r}, remaining={self.remaining!r})"
 return __repr__
CODE["57791a8d4a04cfe7dc685a6ed70d2227"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.feet,self.dice,self.remaining,))
 return __hash__
CODE["59f1797ee80baaf55826810a00d19bd7"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(columns={self.columns!r}, rows={self.rows!r}, grid={self.grid!r}, top={self.top!r}, bottom={self.bottom!r}, cells={self.cells!r}, walls={self.walls!r})"
 return __repr__
CODE["5c1eb971603973811c96ab891d508955"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('pos','anchor','z','squeezed','cells','height','landing','kind','water','climbable','difficult','occupants','threat',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["5ffae8fcdc1abc40508c62df49e27734"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.walk,self.fly,self.climb,self.swim,self.burrow,))
 return __hash__
CODE["634d2ca047a26600f44cb3cba11dd407"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, dst={self.dst!r}, chain={self.chain!r}, squares={self.squares!r}, axes={self.axes!r}, rise={self.rise!r}, checks={self.checks!r}, standing={self.standing!r}, events={self.events!r})"
 return __repr__
CODE["6514a19877ddb627e3afe5ba802bfc91"] = __create_fn__.__code__

def __create_fn__(_type_creature, _type_end, _type_events, _type_falls_later, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_falls_later, _return_type):
 def __init__(self,creature:_type_creature,end:_type_end,events:_type_events,falls_later:_type_falls_later=_dflt_falls_later)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'end',end)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'falls_later',falls_later)
 return __init__
CODE["673e05b5c61383edd0fc13dd1c42d754"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','dst','chain','squares','axes','rise','checks','standing','events',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["6e2fca94c8100c7a135454418d0f7047"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.mode,self.multiplier,self.difficult,self.foot,))
 return __hash__
CODE["6ea14010097271090cf9dcfe20bf7ec9"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('map','creatures','options',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["74d51f82d9d3472c6966057dfc2d3789"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.name,self.dst,self.chain,self.squares,self.axes,self.rise,self.checks,self.standing,self.events,))
 return __hash__
CODE["7831a9c786043ae9f201f573436d08d5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.walk,self.fly,self.climb,self.swim,self.burrow,)==(other.walk,other.fly,other.climb,other.swim,other.burrow,)
  return NotImplemented
 return __eq__
CODE["78998e98ca4daf8fcd8833e0ce682867"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('walk','fly','climb','swim','burrow',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["795132e44098408c3ee9f6f6b4292254"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.creature,self.end,self.events,self.falls_later,))
 return __hash__
CODE["7bb97a88d1e8acb35fd98d712e34bca5"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(walk={self.walk!r}, fly={self.fly!r}, climb={self.climb!r}, swim={self.swim!r}, burrow={self.burrow!r})"
 return __repr__
CODE["833e2c3d7818639c4848a30cbe29b47b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('columns','rows','grid','top','bottom','cells','walls',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["8e5da43795872bd92b14563398beb31d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.grid,self.col,self.row,self.ground,self.ceil,self.terrain,self.sides,self.shapes,self.corners,))
 return __hash__
CODE["9128266698f29bd5439cfcc60d6af1d3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('diagonals','units','fall_rate','flyer_fall',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["960ed621c5987e8e283cd446f08b3732"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(terrain={self.terrain!r}, wall={self.wall!r}, ground={self.ground!r}, ceiling={self.ceiling!r}, climb={self.climb!r}, air_difficult={self.air_difficult!r})"
 return __repr__
CODE["98373dac6a8174366223a88a4db4a307"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.diagonals,self.units,self.fall_rate,self.flyer_fall,)==(other.diagonals,other.units,other.fall_rate,other.flyer_fall,)
  return NotImplemented
 return __eq__
CODE["99fcf1932b3848e29baa8fe89a5be3d4"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(diagonals={self.diagonals!r}, units={self.units!r}, fall_rate={self.fall_rate!r}, flyer_fall={self.flyer_fall!r})"
 return __repr__
CODE["9d9c6824166950ade38b18ade1e5266c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.move,self.turn,self.start_events,))
 return __hash__
CODE["9e75e2aae7b8f97a896c95b588ba3130"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','at','altitude','name','size','speed','hover','magic_flight','reach','side','hidden','conditions','reaction','strength','acrobatics',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["a23f6e4cd120cbf4ff81721704653002"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('map','creatures','options',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["a4cf5f6b1af1562995dc55a9d2c7edf7"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(map={self.map!r}, creatures={self.creatures!r}, options={self.options!r})"
 return __repr__
CODE["a7ff3e1254af5e2bfb323947bbac6a01"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.mode,self.multiplier,self.difficult,self.foot,)==(other.mode,other.multiplier,other.difficult,other.foot,)
  return NotImplemented
 return __eq__
CODE["ac58d8ad43065c75c2e7b800053a64c9"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.diagonals,self.units,self.fall_rate,self.flyer_fall,))
 return __hash__
CODE["acbe314f1dee029e922c0b710aa1435b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(grid={self.grid!r}, col={self.col!r}, row={self.row!r}, ground={self.ground!r}, ceil={self.ceil!r}, terrain={self.terrain!r}, sides={self.sides!r}, shapes={self.shapes!r}, corners={self.corners!r})"
 return __repr__
CODE["af3956d2d44e89fe9cbeb5962a3399ed"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('walk','fly','climb','swim','burrow',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["bb869be8874cfa3ff7e9118ef504232e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('name','dash_name','target','dz','axes','corners',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["c02758407387be5a7e2ef6c659b8f906"] = __create_fn__.__code__

def __create_fn__(_type_columns, _type_rows, _type_grid, _type_top, _type_bottom, _type_cells, _type_walls, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_grid, _dflt_top, _dflt_bottom, _dflt_cells, _dflt_walls, _return_type):
 def __init__(self,columns:_type_columns,rows:_type_rows,grid:_type_grid=_dflt_grid,top:_type_top=_dflt_top,bottom:_type_bottom=_dflt_bottom,cells:_type_cells=_HAS_DEFAULT_FACTORY,walls:_type_walls=_HAS_DEFAULT_FACTORY)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'columns',columns)
  __dataclass_builtins_object__.__setattr__(self,'rows',rows)
  __dataclass_builtins_object__.__setattr__(self,'grid',grid)
  __dataclass_builtins_object__.__setattr__(self,'top',top)
  __dataclass_builtins_object__.__setattr__(self,'bottom',bottom)
  __dataclass_builtins_object__.__setattr__(self,'cells',_dflt_cells() if cells is _HAS_DEFAULT_FACTORY else cells)
  __dataclass_builtins_object__.__setattr__(self,'walls',_dflt_walls() if walls is _HAS_DEFAULT_FACTORY else walls)
 return __init__
CODE["c44fa28a989b72c5a9275f991f422f50"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.map,self.creatures,self.options,))
 return __hash__
CODE["c5a837bbe1498880879ed022469040b6"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(name={self.name!r}, dash_name={self.dash_name!r}, target={self.target!r}, dz={self.dz!r}, axes={self.axes!r}, corners={self.corners!r})"
 return __repr__
CODE["ccb31d9d06f5e2d3f344064272f91bff"] = __create_fn__.__code__

def __create_fn__(_type_name, _type_dash_name, _type_target, _type_dz, _type_axes, _type_corners, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,name:_type_name,dash_name:_type_dash_name,target:_type_target,dz:_type_dz,axes:_type_axes,corners:_type_corners)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'dash_name',dash_name)
  __dataclass_builtins_object__.__setattr__(self,'target',target)
  __dataclass_builtins_object__.__setattr__(self,'dz',dz)
  __dataclass_builtins_object__.__setattr__(self,'axes',axes)
  __dataclass_builtins_object__.__setattr__(self,'corners',corners)
 return __init__
CODE["ccbcc2fd4ef755ad5e0a4139ad8f7e91"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('name','dash_name','target','dz','axes','corners',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["cfa4e43db60e923d551301e88c6ba509"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('terrain','wall','ground','ceiling','climb','air_difficult',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d09c595f21f142d6f82a1a4ea23fc6a2"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.move,self.turn,self.start_events,)==(other.move,other.turn,other.start_events,)
  return NotImplemented
 return __eq__
CODE["d18181aa277d8d69232446315d67da07"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.feet,self.dice,self.remaining,)==(other.feet,other.dice,other.remaining,)
  return NotImplemented
 return __eq__
CODE["d39362cc669a8f3feab4603b095c8bed"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.terrain,self.wall,self.ground,self.ceiling,self.climb,self.air_difficult,))
 return __hash__
CODE["d5ae2d44b3d5b6114a4d6c9d3a82d5e5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.grid,self.col,self.row,self.ground,self.ceil,self.terrain,self.sides,self.shapes,self.corners,)==(other.grid,other.col,other.row,other.ground,other.ceil,other.terrain,other.sides,other.shapes,other.corners,)
  return NotImplemented
 return __eq__
CODE["de2a18dd3e6b0106f921866bfd2dd4f1"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('columns','rows','grid','top','bottom','cells','walls',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["e190d87f2d79f34fb101f9d35b317d46"] = __create_fn__.__code__

def __create_fn__(_type_move, _type_turn, _type_start_events, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_start_events, _return_type):
 def __init__(self,move:_type_move,turn:_type_turn,start_events:_type_start_events=_dflt_start_events)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'move',move)
  __dataclass_builtins_object__.__setattr__(self,'turn',turn)
  __dataclass_builtins_object__.__setattr__(self,'start_events',start_events)
 return __init__
CODE["e1b9120a48c7f064af990e6eb8d91df8"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.columns,self.rows,self.grid,self.top,self.bottom,self.cells,self.walls,))
 return __hash__
CODE["ebee87965d2c360c1eacddd224bab2ce"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.name,self.dash_name,self.target,self.dz,self.axes,self.corners,)==(other.name,other.dash_name,other.target,other.dz,other.axes,other.corners,)
  return NotImplemented
 return __eq__
CODE["ec515e58797c7480ad23a3c867e53d1f"] = __create_fn__.__code__

def __create_fn__(_type_a, _type_b, _type_distance, _type_a_in_reach_of_b, _type_b_in_reach_of_a, _type_elevated, _type_hostile, _type_walled, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_walled, _return_type):
 def __init__(self,a:_type_a,b:_type_b,distance:_type_distance,a_in_reach_of_b:_type_a_in_reach_of_b,b_in_reach_of_a:_type_b_in_reach_of_a,elevated:_type_elevated,hostile:_type_hostile,walled:_type_walled=_dflt_walled)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'a',a)
  __dataclass_builtins_object__.__setattr__(self,'b',b)
  __dataclass_builtins_object__.__setattr__(self,'distance',distance)
  __dataclass_builtins_object__.__setattr__(self,'a_in_reach_of_b',a_in_reach_of_b)
  __dataclass_builtins_object__.__setattr__(self,'b_in_reach_of_a',b_in_reach_of_a)
  __dataclass_builtins_object__.__setattr__(self,'elevated',elevated)
  __dataclass_builtins_object__.__setattr__(self,'hostile',hostile)
  __dataclass_builtins_object__.__setattr__(self,'walled',walled)
 return __init__
CODE["ec544b1f42733750ab745cb3c0f857ec"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('feet','dice','remaining',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ed879dd7512e1eaa6f1ae1ea569991c0"] = __create_fn__.__code__

def __create_fn__(_type_mode, _type_multiplier, _type_difficult, _type_foot, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_foot, _return_type):
 def __init__(self,mode:_type_mode,multiplier:_type_multiplier,difficult:_type_difficult,foot:_type_foot=_dflt_foot)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'mode',mode)
  __dataclass_builtins_object__.__setattr__(self,'multiplier',multiplier)
  __dataclass_builtins_object__.__setattr__(self,'difficult',difficult)
  __dataclass_builtins_object__.__setattr__(self,'foot',foot)
 return __init__
CODE["eef50acb72e2b21aef4f6ac114e8f785"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(pos={self.pos!r}, anchor={self.anchor!r}, z={self.z!r}, squeezed={self.squeezed!r}, cells={self.cells!r}, height={self.height!r}, landing={self.landing!r}, kind={self.kind!r}, water={self.water!r}, climbable={self.climbable!r}, difficult={self.difficult!r}, occupants={self.occupants!r}, threat={self.threat!r})"
 return __repr__
CODE["ef4aaa881fe5deee37ca5b295c96da63"] = __create_fn__.__code__

def __create_fn__(_type_feet, _type_dice, _type_remaining, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_remaining, _return_type):
 def __init__(self,feet:_type_feet,dice:_type_dice,remaining:_type_remaining=_dflt_remaining)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'feet',feet)
  __dataclass_builtins_object__.__setattr__(self,'dice',dice)
  __dataclass_builtins_object__.__setattr__(self,'remaining',remaining)
 return __init__
CODE["f063665dedae6b2d26f409f3d9acb185"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('creature','end','events','falls_later',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["f27c2ec7289a958ef905f87f7c89fac3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('mode','multiplier','difficult','foot',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["f4e43cc9d5b709c52e98bf1f205c8c91"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, at={self.at!r}, altitude={self.altitude!r}, name={self.name!r}, size={self.size!r}, speed={self.speed!r}, hover={self.hover!r}, magic_flight={self.magic_flight!r}, reach={self.reach!r}, side={self.side!r}, hidden={self.hidden!r}, conditions={self.conditions!r}, reaction={self.reaction!r}, strength={self.strength!r}, acrobatics={self.acrobatics!r})"
 return __repr__
CODE["f5eac0cebec7a952a8e4941d359d103a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('a','b','distance','a_in_reach_of_b','b_in_reach_of_a','elevated','hostile','walled',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["f79becab24ca4bc153e66b8ac310f000"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('grid','col','row','ground','ceil','terrain','sides','shapes','corners',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["fe65e998a5540a64cbff061ce697f6a5"] = __create_fn__.__code__
