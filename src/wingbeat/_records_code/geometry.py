"""The code of the methods ``_records.dataclass`` writes for the classes of geometry, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(points={self.points!r}, name={self.name!r})"
 return __repr__
CODE["0c5f07a998d63ae15852259c20eca930"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('col','row',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["12a255f1ce6741f40031892d1f8f3f21"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.col,self.row,))
 return __hash__
CODE["299b0f81e5a512a6826a7a32c05f3889"] = __create_fn__.__code__

def __create_fn__(_type_col, _type_row, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,col:_type_col,row:_type_row)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'col',col)
  __dataclass_builtins_object__.__setattr__(self,'row',row)
  self.__post_init__()
 return __init__
CODE["36c7d72c6c64170b12219f273dfdb199"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.width,self.height,))
 return __hash__
CODE["39695bbca92dcb511318ceb93427243c"] = __create_fn__.__code__

def __create_fn__(_type_width, _type_height, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,width:_type_width,height:_type_height)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'width',width)
  __dataclass_builtins_object__.__setattr__(self,'height',height)
 return __init__
CODE["3b4d7de80d472aa9dc4b39a87d72ac14"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(width={self.width!r}, height={self.height!r})"
 return __repr__
CODE["47860dae0a0da999afd6f24284a7cb64"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('width','height',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["5d1f8fcf80d14859d87dc74a96c0cc55"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(col={self.col!r}, row={self.row!r})"
 return __repr__
CODE["705cc4e5926a96775befd69fe578b226"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.points,self.name,))
 return __hash__
CODE["71a748fa2b4fe90af2c88d88d9c53965"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.col,self.row,)==(other.col,other.row,)
  return NotImplemented
 return __eq__
CODE["71a7ac213e9114409f4fe48781034592"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('points','name',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7bbe363190a9b8aa4fe781ba3d640fb6"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('col','row',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["8825d5fe8a50c8e33de0ecea6addec53"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.width,self.height,)==(other.width,other.height,)
  return NotImplemented
 return __eq__
CODE["8dfbe64abd3cb0b487f375e370df63f5"] = __create_fn__.__code__

def __create_fn__():
 def __ge__(self,other):
  if other.__class__ is self.__class__:
   return (self.col,self.row,)>=(other.col,other.row,)
  return NotImplemented
 return __ge__
CODE["956e5478ef5862562d76830e08daebc6"] = __create_fn__.__code__

def __create_fn__():
 def __gt__(self,other):
  if other.__class__ is self.__class__:
   return (self.col,self.row,)>(other.col,other.row,)
  return NotImplemented
 return __gt__
CODE["988c5bae44b19a6334ba0e61ef4155d3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('width','height',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ab367b8b9669540c2f75fbd7bd114353"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('points','name',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["afbb1016f665579b3d343186f81abdb9"] = __create_fn__.__code__

def __create_fn__():
 def __le__(self,other):
  if other.__class__ is self.__class__:
   return (self.col,self.row,)<=(other.col,other.row,)
  return NotImplemented
 return __le__
CODE["d0af75b97f443b6d6ba7a6560671ef1d"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.points,self.name,)==(other.points,other.name,)
  return NotImplemented
 return __eq__
CODE["e2a59df75dd2c498ff60cc0f1d924d87"] = __create_fn__.__code__

def __create_fn__(_type_points, _type_name, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_name, _return_type):
 def __init__(self,points:_type_points,name:_type_name=_dflt_name)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'points',points)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
 return __init__
CODE["e50819382f7d6084ddb0e933837dc557"] = __create_fn__.__code__

def __create_fn__():
 def __lt__(self,other):
  if other.__class__ is self.__class__:
   return (self.col,self.row,)<(other.col,other.row,)
  return NotImplemented
 return __lt__
CODE["f4422f323098d985c1a4bdf864277741"] = __create_fn__.__code__
