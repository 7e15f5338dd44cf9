"""The code of the methods ``_records.dataclass`` writes for the classes of typer, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(_type_annotation, _type_parameter_info, _type_file_annotation, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,annotation:_type_annotation,parameter_info:_type_parameter_info,file_annotation:_type_file_annotation)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'annotation',annotation)
  __dataclass_builtins_object__.__setattr__(self,'parameter_info',parameter_info)
  __dataclass_builtins_object__.__setattr__(self,'file_annotation',file_annotation)
 return __init__
CODE["016974059d6b707f82a4d4d55d4141ff"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(parameter_info={self.parameter_info!r}, annotation={self.annotation!r}, file_annotation={self.file_annotation!r})"
 return __repr__
CODE["036c427eebfde15701b270cf2e0e922b"] = __create_fn__.__code__

def __create_fn__(_type_parameter_info, _type_annotation, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,parameter_info:_type_parameter_info,annotation:_type_annotation)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'parameter_info',parameter_info)
  __dataclass_builtins_object__.__setattr__(self,'annotation',annotation)
 return __init__
CODE["147a32f4c1cfae75561dec759db0e9e1"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('parameter_info','annotation','file_annotation',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["2ec6692e8f44ab794bfd7b1d3aeb25dd"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('parameter_info','annotation','adapter',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2fb7ee7ba593170f5d15c2e7637fd8dc"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.annotation,self.parameter_info,self.file_annotation,)==(other.annotation,other.parameter_info,other.file_annotation,)
  return NotImplemented
 return __eq__
CODE["33810334b7f9fdc44d207ecf3df44f55"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('parameter_info','annotation','adapter',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["3aea025ab95e927d4c883a9e90d2220b"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('parameter_info','annotation',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["415672fde408ada443a6a3ab7985b7ef"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(parameter_info={self.parameter_info!r}, annotation={self.annotation!r})"
 return __repr__
CODE["4f9d7c82777b2f5708e96bfa014bfd53"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.parameter_info,self.annotation,))
 return __hash__
CODE["55bce1a07fc995aa19c23559629a4274"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('annotation','parameter_info','file_annotation',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["586ddacb8abd5147921bd798db8db455"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.parameter_info,self.annotation,self.file_annotation,))
 return __hash__
CODE["5eac93ca4225a476a88e14a230d42e6f"] = __create_fn__.__code__

def __create_fn__(_type_parameter_info, _type_annotation, _type_file_annotation, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,parameter_info:_type_parameter_info,annotation:_type_annotation,file_annotation:_type_file_annotation)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'parameter_info',parameter_info)
  __dataclass_builtins_object__.__setattr__(self,'annotation',annotation)
  __dataclass_builtins_object__.__setattr__(self,'file_annotation',file_annotation)
 return __init__
CODE["604762238fbb12c17942b64fffe71698"] = __create_fn__.__code__

def __create_fn__(_type_parameter_info, _type_annotation, _type_adapter, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,parameter_info:_type_parameter_info,annotation:_type_annotation,adapter:_type_adapter)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'parameter_info',parameter_info)
  __dataclass_builtins_object__.__setattr__(self,'annotation',annotation)
  __dataclass_builtins_object__.__setattr__(self,'adapter',adapter)
 return __init__
CODE["6f67ceda9b9378495a21583c7e9ec4a5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.parameter_info,self.annotation,self.file_annotation,)==(other.parameter_info,other.annotation,other.file_annotation,)
  return NotImplemented
 return __eq__
CODE["71c9bae5d41a431e1783fe34f66c439b"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.parameter_info,self.annotation,self.adapter,))
 return __hash__
CODE["7b44304571191a7d70be57af0dbc801a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.parameter_info,self.annotation,self.adapter,)==(other.parameter_info,other.annotation,other.adapter,)
  return NotImplemented
 return __eq__
CODE["85991f9dfc53a0925936fee3e4b6339f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('parameter_info','annotation',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["9729e552a50f475d2526a17197dc96c8"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.annotation,self.parameter_info,self.file_annotation,))
 return __hash__
CODE["990ab8b91e19a40eaa8a8b52d5f15cb4"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('parameter_info','annotation','file_annotation',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["b226cdeff587cca656795591267f16ce"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('annotation','parameter_info','file_annotation',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["b29b6d2d965ddb3f8b04c5f076b40e27"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.parameter_info,self.annotation,)==(other.parameter_info,other.annotation,)
  return NotImplemented
 return __eq__
CODE["c18f67e0649574a8d64d9b09031eba2d"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(annotation={self.annotation!r}, parameter_info={self.parameter_info!r}, file_annotation={self.file_annotation!r})"
 return __repr__
CODE["c9b1dc0d54a75f7d57917f52e29e228d"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(parameter_info={self.parameter_info!r}, annotation={self.annotation!r}, adapter={self.adapter!r})"
 return __repr__
CODE["ceb2735833abb32fc130cf2231d86f26"] = __create_fn__.__code__
