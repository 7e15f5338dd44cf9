"""The code of the methods ``_records.dataclass`` writes for the classes of core, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__():
 def __hash__(self):
  return hash((self.parameter_info,self.annotation,self.descriptor,))
 return __hash__
CODE["07d51f81ad53bffe12e8b1dcb16ac3ae"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('parameter_info','annotation','descriptor',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["0edbeaaba18cfc4b72e4ae87a36a28aa"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.ruleset,self.battle,self.source,self.options,self.background,))
 return __hash__
CODE["1c289ef012141fb02c30bd265600cf2a"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(parameter_info={self.parameter_info!r}, annotation={self.annotation!r}, descriptor={self.descriptor!r})"
 return __repr__
CODE["1ff3a49cc32c597eed318f3104643511"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('rule','save','chance','on_failure',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["240b3c66b7e547b0390320db8bb61de9"] = __create_fn__.__code__

def __create_fn__(_type_image, _type_cell, _type_origin, _type_base, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_origin, _dflt_base, _return_type):
 def __init__(self,image:_type_image,cell:_type_cell,origin:_type_origin=_dflt_origin,base:_type_base=_dflt_base)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'image',image)
  __dataclass_builtins_object__.__setattr__(self,'cell',cell)
  __dataclass_builtins_object__.__setattr__(self,'origin',origin)
  __dataclass_builtins_object__.__setattr__(self,'base',base)
 return __init__
CODE["35ab6df54c31a1ac92bca22bff513158"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('places','cells','levels','variants',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["3a7a4141d6b9059784f54a63faed9dd7"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.ruleset,self.battle,self.source,self.options,self.background,)==(other.ruleset,other.battle,other.source,other.options,other.background,)
  return NotImplemented
 return __eq__
CODE["3e9c53c51012fcc5f7d83605ce460f17"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('check','roll',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["44ecc1f769d3685bff84d2e36abf2815"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.places,self.cells,self.levels,self.variants,)==(other.places,other.cells,other.levels,other.variants,)
  return NotImplemented
 return __eq__
CODE["4c8eef9c8c67b6768851307dd3d77ec6"] = __create_fn__.__code__

def __create_fn__(_type_check, _type_roll, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,check:_type_check,roll:_type_roll)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'check',check)
  __dataclass_builtins_object__.__setattr__(self,'roll',roll)
 return __init__
CODE["4ea1baacd81a7624cf3771172731e3fa"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.parameter_info,self.annotation,self.descriptor,)==(other.parameter_info,other.annotation,other.descriptor,)
  return NotImplemented
 return __eq__
CODE["587f79090def24fb7d423f922f4c55f3"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.check,self.roll,))
 return __hash__
CODE["5cffa30ae60e3c6dc2aee45f8afe888e"] = __create_fn__.__code__

def __create_fn__(_type_parameter_info, _type_annotation, _type_descriptor, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,parameter_info:_type_parameter_info,annotation:_type_annotation,descriptor:_type_descriptor)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'parameter_info',parameter_info)
  __dataclass_builtins_object__.__setattr__(self,'annotation',annotation)
  __dataclass_builtins_object__.__setattr__(self,'descriptor',descriptor)
 return __init__
CODE["5dfc07fb232c70b6e6c30c8bee86bdd9"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(check={self.check!r}, roll={self.roll!r})"
 return __repr__
CODE["5eeb70107d769438565c57206908345a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('places','cells','levels','variants',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["5f45458b097697a011f9277b39d56c37"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.places,self.cells,self.levels,self.variants,))
 return __hash__
CODE["6a6704860c6336633fe073f0808a13d6"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(ruleset={self.ruleset!r}, battle={self.battle!r}, source={self.source!r}, options={self.options!r}, background={self.background!r})"
 return __repr__
CODE["6ed38e7bfab26808f234bcce917facb3"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(places={self.places!r}, cells={self.cells!r}, levels={self.levels!r}, variants={self.variants!r})"
 return __repr__
CODE["7205ed06d66345ae016389ec93c3f476"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('rule','save','chance','on_failure',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7516828964768236147ad276bd2cea40"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('parameter_info','annotation','descriptor',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["a0961d51292e8e656109d15bd3e9ff86"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.rule,self.save,self.chance,self.on_failure,))
 return __hash__
CODE["a381e66046fbc01b42df2a567adcd312"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('ruleset','battle','source','options','background',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["a975427f6adcb914f8e9a1623f192e72"] = __create_fn__.__code__

def __create_fn__(_type_ruleset, _type_battle, _type_source, _type_options, _type_background, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_source, _dflt_options, _dflt_background, _return_type):
 def __init__(self,ruleset:_type_ruleset,battle:_type_battle,source:_type_source=_dflt_source,options:_type_options=_HAS_DEFAULT_FACTORY,background:_type_background=_dflt_background)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'battle',battle)
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'options',_dflt_options() if options is _HAS_DEFAULT_FACTORY else options)
  __dataclass_builtins_object__.__setattr__(self,'background',background)
 return __init__
CODE["b288ec631470b04888bbe6f7933cd5b9"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(image={self.image!r}, cell={self.cell!r}, origin={self.origin!r}, base={self.base!r})"
 return __repr__
CODE["b2b708eccee976a821369db14536bef7"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.rule,self.save,self.chance,self.on_failure,)==(other.rule,other.save,other.chance,other.on_failure,)
  return NotImplemented
 return __eq__
CODE["b68f6704cfa774b7fcc1a08c4d7dd811"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('image','cell','origin','base',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b996218edf8eacbb91bdf0d087edec87"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.image,self.cell,self.origin,self.base,))
 return __hash__
CODE["bf163cdbde31624bbde049d11dd2ed70"] = __create_fn__.__code__

def __create_fn__(_type_places, _type_cells, _type_levels, _type_variants, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,places:_type_places,cells:_type_cells,levels:_type_levels,variants:_type_variants)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'places',places)
  __dataclass_builtins_object__.__setattr__(self,'cells',cells)
  __dataclass_builtins_object__.__setattr__(self,'levels',levels)
  __dataclass_builtins_object__.__setattr__(self,'variants',variants)
 return __init__
CODE["c03834a4b9e14b196071c32687952b8b"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.check,self.roll,)==(other.check,other.roll,)
  return NotImplemented
 return __eq__
CODE["c55b730fdcc981fbaca5c0d2df995174"] = __create_fn__.__code__

def __create_fn__(_type_rule, _type_save, _type_chance, _type_on_failure, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_on_failure, _return_type):
 def __init__(self,rule:_type_rule,save:_type_save,chance:_type_chance,on_failure:_type_on_failure=_dflt_on_failure)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'rule',rule)
  __dataclass_builtins_object__.__setattr__(self,'save',save)
  __dataclass_builtins_object__.__setattr__(self,'chance',chance)
  __dataclass_builtins_object__.__setattr__(self,'on_failure',on_failure)
 return __init__
CODE["ce34a72b6ec3bb2030814f646caab608"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('image','cell','origin','base',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["d065f551a4f88c9cfd6e74704b650556"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('check','roll',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["d6994115fc81a65d53724050162d1031"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(rule={self.rule!r}, save={self.save!r}, chance={self.chance!r}, on_failure={self.on_failure!r})"
 return __repr__
CODE["e9a2af4c2656e764f5b298d8b48d7b10"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.image,self.cell,self.origin,self.base,)==(other.image,other.cell,other.origin,other.base,)
  return NotImplemented
 return __eq__
CODE["f309627b52936f283e7a811f154efd7f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('ruleset','battle','source','options','background',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["f6204bfb85c95f8d98fd31e434116649"] = __create_fn__.__code__
