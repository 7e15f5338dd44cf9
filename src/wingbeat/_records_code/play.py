"""The code of the methods ``_records.dataclass`` writes for the classes of play, kept
so it is read from bytecode. Written by ``python scripts/precomputed.py update``; do not edit.
(No ``from __future__ import annotations``: each text is compiled as ``exec`` compiles it.)"""
# ruff: noqa
# mypy: ignore-errors

CODE = {}

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('scenario_text','source','seed','order',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["04303831ff1558f5c53cc203f5f7bd83"] = __create_fn__.__code__

def __create_fn__(_type_info, _type_entries, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,info:_type_info,entries:_type_entries)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'info',info)
  __dataclass_builtins_object__.__setattr__(self,'entries',entries)
 return __init__
CODE["06c546a833910db527fd0b8d72c3a13a"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.scenario_text,self.source,self.seed,self.order,))
 return __hash__
CODE["072cb3d0708647195e40dea9b2a2e08e"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('count','sides','bonus',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["081f594d70be6db69eff99cdd5c5989c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.side,self.unseen,self.words,self.places,self.sides,))
 return __hash__
CODE["08d1ae2f362bb4d4a3259c9d82c53971"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.round,self.order,self.moved,self.pieces,self.damage,self.entries,self.hidden,))
 return __hash__
CODE["0983550fad15fbce5e11bfe8816314c5"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(creature={self.creature!r}, declared={self.declared!r}, legal={self.legal!r}, report={self.report!r}, made={self.made!r}, piece={self.piece!r}, events={self.events!r}, damage={self.damage!r}, error={self.error!r}, others={self.others!r}, cost={self.cost!r})"
 return __repr__
CODE["0a2f42089a954363c5752137c55595b3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('info','entries',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["0beed68701bf4141f8fb230ea18dda70"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.number,self.round,self.action,self.state,self.rolls,self.events,self.played,)==(other.number,other.round,other.action,other.state,other.rolls,other.events,other.played,)
  return NotImplemented
 return __eq__
CODE["0dd88b7b5029ba486c43298dc841531d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.number,self.round,self.action,self.state,self.rolls,self.events,self.played,))
 return __hash__
CODE["0f1cb7c3da71336dbcab618a99c1164d"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('info','state','lines','names','pending','board','last',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["102c8bf913828f2161af173b100ce2c8"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.encounter,self.entries,self.mismatch,self.state,self.problem,)==(other.encounter,other.entries,other.mismatch,other.state,other.problem,)
  return NotImplemented
 return __eq__
CODE["11c366aebe4b661475669d007af466d8"] = __create_fn__.__code__

def __create_fn__(_type_side, _type_unseen, _type_words, _type_places, _type_sides, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_unseen, _dflt_words, _dflt_places, _dflt_sides, _return_type):
 def __init__(self,side:_type_side,unseen:_type_unseen=_dflt_unseen,words:_type_words=_dflt_words,places:_type_places=_dflt_places,sides:_type_sides=_dflt_sides)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'side',side)
  __dataclass_builtins_object__.__setattr__(self,'unseen',unseen)
  __dataclass_builtins_object__.__setattr__(self,'words',words)
  __dataclass_builtins_object__.__setattr__(self,'places',places)
  __dataclass_builtins_object__.__setattr__(self,'sides',sides)
 return __init__
CODE["1278eb496e03d26bddd4632de8a9a456"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.round,self.order,self.moved,self.pieces,self.damage,self.entries,self.hidden,)==(other.round,other.order,other.moved,other.pieces,other.damage,other.entries,other.hidden,)
  return NotImplemented
 return __eq__
CODE["14c04f797ebafc90f8ee9a4600e27a9a"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(round={self.round!r}, order={self.order!r}, moved={self.moved!r}, pieces={self.pieces!r}, damage={self.damage!r}, entries={self.entries!r}, hidden={self.hidden!r})"
 return __repr__
CODE["1b099d7d9ce67357cdc83d74a18df853"] = __create_fn__.__code__

def __create_fn__(_type_round, _type_order, _type_moved, _type_pieces, _type_damage, _type_entries, _type_hidden, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_hidden, _return_type):
 def __init__(self,round:_type_round,order:_type_order,moved:_type_moved,pieces:_type_pieces,damage:_type_damage,entries:_type_entries,hidden:_type_hidden=_dflt_hidden)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'round',round)
  __dataclass_builtins_object__.__setattr__(self,'order',order)
  __dataclass_builtins_object__.__setattr__(self,'moved',moved)
  __dataclass_builtins_object__.__setattr__(self,'pieces',pieces)
  __dataclass_builtins_object__.__setattr__(self,'damage',damage)
  __dataclass_builtins_object__.__setattr__(self,'entries',entries)
  __dataclass_builtins_object__.__setattr__(self,'hidden',hidden)
 return __init__
CODE["1fec9a69fd07be69cd36a12bd90c4efd"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.kind,self.creature,self.moves,self.options,))
 return __hash__
CODE["28b0dbe06f5979b3ff2b724562fb880b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(info={self.info!r}, entries={self.entries!r})"
 return __repr__
CODE["28b68a892a35310853da37c11e22d542"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('entry','now','undone',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2ac2524752e1aab85149c598a01e76d1"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.info,self.entries,)==(other.info,other.entries,)
  return NotImplemented
 return __eq__
CODE["2b36fc3275ab2b9b356c8cb801f433f9"] = __create_fn__.__code__

def __create_fn__(_type_entry, _type_now, _type_undone, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_undone, _return_type):
 def __init__(self,entry:_type_entry,now:_type_now,undone:_type_undone=_dflt_undone)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'entry',entry)
  __dataclass_builtins_object__.__setattr__(self,'now',now)
  __dataclass_builtins_object__.__setattr__(self,'undone',undone)
 return __init__
CODE["2c2d2c473e641094b7922d0aa876960a"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('info','entries',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["2d48ab3445073161f074422041ef5a8d"] = __create_fn__.__code__

def __create_fn__(_type_id, _type_name, _type_ruleset, _type_source, _type_seed, _type_given_order, _type_created, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,id:_type_id,name:_type_name,ruleset:_type_ruleset,source:_type_source,seed:_type_seed,given_order:_type_given_order,created:_type_created)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'id',id)
  __dataclass_builtins_object__.__setattr__(self,'name',name)
  __dataclass_builtins_object__.__setattr__(self,'ruleset',ruleset)
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'seed',seed)
  __dataclass_builtins_object__.__setattr__(self,'given_order',given_order)
  __dataclass_builtins_object__.__setattr__(self,'created',created)
 return __init__
CODE["2f40e6e8f6f34a13f8fd9b85fc1a1531"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('outcome',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["331fc034cad2e0b049d8878780a98503"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.id,self.name,self.ruleset,self.source,self.seed,self.given_order,self.created,)==(other.id,other.name,other.ruleset,other.source,other.seed,other.given_order,other.created,)
  return NotImplemented
 return __eq__
CODE["3675115e14317ed659329983e0c62f17"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.info,self.entries,))
 return __hash__
CODE["3dde7a54ecd49595fda8835b83bf2db0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('id','name','ruleset','source','seed','given_order','created',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["402d123be1ec46a042ad9d0d8e3d7fb2"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(number={self.number!r}, round={self.round!r}, action={self.action!r}, state={self.state!r}, rolls={self.rolls!r}, events={self.events!r}, played={self.played!r})"
 return __repr__
CODE["42f9dfb2c8142596ba043f8c3dd61fca"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('info','state','lines','names','pending','board','last',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["43ff414e8a02c7ac842488f5a69d4c61"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.scenario_text,self.source,self.seed,self.order,)==(other.scenario_text,other.source,other.seed,other.order,)
  return NotImplemented
 return __eq__
CODE["4a53c7e38e30083b5a9de3614472e656"] = __create_fn__.__code__

def __create_fn__(_type_creature, _type_made, _type_options, _type_before, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,creature:_type_creature,made:_type_made,options:_type_options,before:_type_before)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'made',made)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
  __dataclass_builtins_object__.__setattr__(self,'before',before)
 return __init__
CODE["4bc0c5c89bcaed6f33336cb922e7ac79"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.outcome,))
 return __hash__
CODE["4d13d9e2bbbdc429bf0df36b995dd40f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('count','sides','bonus',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["524b3b0060afb9746d2546e10cb59f79"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.creature,self.declared,self.legal,self.report,self.made,self.piece,self.events,self.damage,self.error,self.others,self.cost,)==(other.creature,other.declared,other.legal,other.report,other.made,other.piece,other.events,other.damage,other.error,other.others,other.cost,)
  return NotImplemented
 return __eq__
CODE["57bcab30d024685a2b07af4b904c4a8c"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(info={self.info!r}, state={self.state!r}, lines={self.lines!r}, names={self.names!r}, pending={self.pending!r}, board={self.board!r}, last={self.last!r})"
 return __repr__
CODE["58f81478a97b1a2a5ecc5b13eee619c5"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.entry,self.now,self.undone,))
 return __hash__
CODE["6515d6c30a78ea9f78508754d2bdab3c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('number','round','action','state','rolls','events','played',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["68de9383bdc2869ae3284898ce30d2e2"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('creature','declared','legal','report','made','piece','events','damage','error','others','cost',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["6e48faab8c33ad80c4ac0e99fb7c23a5"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.info,self.state,self.lines,self.names,self.pending,self.board,self.last,)==(other.info,other.state,other.lines,other.names,other.pending,other.board,other.last,)
  return NotImplemented
 return __eq__
CODE["72fb7f58bc2046aef375d01ab75b5a56"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.creature,self.made,self.options,self.before,))
 return __hash__
CODE["7567bc125e33f4ffad2233f24e06cd6c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('round','order','moved','pieces','damage','entries','hidden',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["785ec503efe6e64dedc1c789f05c1cba"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('number','round','action','state','rolls','events','played',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["7a9929822c9c85de60caad7f673737dc"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('side','unseen','words','places','sides',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["7eb138cc254037aac440085b02997482"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(kind={self.kind!r}, creature={self.creature!r}, moves={self.moves!r}, options={self.options!r})"
 return __repr__
CODE["82e4745c8ccf74b4c7f621cb7a438ac3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('side','unseen','words','places','sides',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["88cab3c52ffe4ee825ed5b14acbe9ada"] = __create_fn__.__code__

def __create_fn__(_type_creature, _type_declared, _type_legal, _type_report, _type_made, _type_piece, _type_events, _type_damage, _type_error, _type_others, _type_cost, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_made, _dflt_piece, _dflt_events, _dflt_damage, _dflt_error, _dflt_others, _dflt_cost, _return_type):
 def __init__(self,creature:_type_creature,declared:_type_declared,legal:_type_legal,report:_type_report,made:_type_made=_dflt_made,piece:_type_piece=_HAS_DEFAULT_FACTORY,events:_type_events=_dflt_events,damage:_type_damage=_dflt_damage,error:_type_error=_dflt_error,others:_type_others=_HAS_DEFAULT_FACTORY,cost:_type_cost=_dflt_cost)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'declared',declared)
  __dataclass_builtins_object__.__setattr__(self,'legal',legal)
  __dataclass_builtins_object__.__setattr__(self,'report',report)
  __dataclass_builtins_object__.__setattr__(self,'made',made)
  __dataclass_builtins_object__.__setattr__(self,'piece',_dflt_piece() if piece is _HAS_DEFAULT_FACTORY else piece)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'damage',damage)
  __dataclass_builtins_object__.__setattr__(self,'error',error)
  __dataclass_builtins_object__.__setattr__(self,'others',_dflt_others() if others is _HAS_DEFAULT_FACTORY else others)
  __dataclass_builtins_object__.__setattr__(self,'cost',cost)
 return __init__
CODE["8938b882fbb8bb0174c091157cf3e229"] = __create_fn__.__code__

def __create_fn__(_type_count, _type_sides, _type_bonus, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_bonus, _return_type):
 def __init__(self,count:_type_count,sides:_type_sides,bonus:_type_bonus=_dflt_bonus)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'count',count)
  __dataclass_builtins_object__.__setattr__(self,'sides',sides)
  __dataclass_builtins_object__.__setattr__(self,'bonus',bonus)
 return __init__
CODE["89ea9eaefd24b1af747d7a7ff0d86da3"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('encounter','entries','mismatch','state','problem',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["8d1cd8e1a0df3f49abb5c17be5ab36fd"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.creature,self.made,self.options,self.before,)==(other.creature,other.made,other.options,other.before,)
  return NotImplemented
 return __eq__
CODE["8db09813cecc3fa500b6fca9415c353b"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.creature,self.declared,self.legal,self.report,self.made,self.piece,self.events,self.damage,self.error,self.others,self.cost,))
 return __hash__
CODE["92c051f03c77cd730d035fd3f41032e4"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.entry,self.now,self.undone,)==(other.entry,other.now,other.undone,)
  return NotImplemented
 return __eq__
CODE["99ebb0a37750bbe20d0305d2754adc21"] = __create_fn__.__code__

def __create_fn__(_type_kind, _type_creature, _type_moves, _type_options, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_creature, _dflt_moves, _dflt_options, _return_type):
 def __init__(self,kind:_type_kind,creature:_type_creature=_dflt_creature,moves:_type_moves=_dflt_moves,options:_type_options=_dflt_options)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'kind',kind)
  __dataclass_builtins_object__.__setattr__(self,'creature',creature)
  __dataclass_builtins_object__.__setattr__(self,'moves',moves)
  __dataclass_builtins_object__.__setattr__(self,'options',options)
 return __init__
CODE["a0d3274da660808f07c8e0f1c4bdd4a3"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(count={self.count!r}, sides={self.sides!r}, bonus={self.bonus!r})"
 return __repr__
CODE["a66221db22364612aec8bd8bd896238e"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.outcome,)==(other.outcome,)
  return NotImplemented
 return __eq__
CODE["a6f26e60144d74ff185d5c1021a3dedf"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(entry={self.entry!r}, now={self.now!r}, undone={self.undone!r})"
 return __repr__
CODE["a7b2058c9b5fd14d2bf1c3cb7f767ef9"] = __create_fn__.__code__

def __create_fn__(_type_number, _type_round, _type_action, _type_state, _type_rolls, _type_events, _type_played, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_rolls, _dflt_events, _dflt_played, _return_type):
 def __init__(self,number:_type_number,round:_type_round,action:_type_action,state:_type_state,rolls:_type_rolls=_dflt_rolls,events:_type_events=_dflt_events,played:_type_played=_dflt_played)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'number',number)
  __dataclass_builtins_object__.__setattr__(self,'round',round)
  __dataclass_builtins_object__.__setattr__(self,'action',action)
  __dataclass_builtins_object__.__setattr__(self,'state',state)
  __dataclass_builtins_object__.__setattr__(self,'rolls',rolls)
  __dataclass_builtins_object__.__setattr__(self,'events',events)
  __dataclass_builtins_object__.__setattr__(self,'played',played)
 return __init__
CODE["a97345125330338f718606ac3a06b8a0"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('creature','made','options','before',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["af74d0ff0411613928cd6519ef388a6b"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.kind,self.creature,self.moves,self.options,)==(other.kind,other.creature,other.moves,other.options,)
  return NotImplemented
 return __eq__
CODE["afcc64595fdf016f601e745dc30877ed"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.id,self.name,self.ruleset,self.source,self.seed,self.given_order,self.created,))
 return __hash__
CODE["b307e0893f2fc6c1655d09dde8534ca4"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(id={self.id!r}, name={self.name!r}, ruleset={self.ruleset!r}, source={self.source!r}, seed={self.seed!r}, given_order={self.given_order!r}, created={self.created!r})"
 return __repr__
CODE["b715d74fcc00294613c5c16bbaa21ec4"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(scenario_text={self.scenario_text!r}, source={self.source!r}, seed={self.seed!r}, order={self.order!r})"
 return __repr__
CODE["b9acd1d95c0a68aea4e55efca576a9e5"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('creature','declared','legal','report','made','piece','events','damage','error','others','cost',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["bf7d7a413871a51c230c1f3cfcf6796a"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.count,self.sides,self.bonus,))
 return __hash__
CODE["c9ae8249bd9404fdc57c18d132ee7672"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('entry','now','undone',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d36456c06b7460748ee4c21eab7f5302"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('round','order','moved','pieces','damage','entries','hidden',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d3a865c2829475dfcaf213dfcf91180c"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.info,self.state,self.lines,self.names,self.pending,self.board,self.last,))
 return __hash__
CODE["d848896c71f6d436cd5c030c891e14bd"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('kind','creature','moves','options',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["d9953b7faf2d532082afa043b6fd7f2f"] = __create_fn__.__code__

def __create_fn__(_type_scenario_text, _type_source, _type_seed, _type_order, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_order, _return_type):
 def __init__(self,scenario_text:_type_scenario_text,source:_type_source,seed:_type_seed,order:_type_order=_dflt_order)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'scenario_text',scenario_text)
  __dataclass_builtins_object__.__setattr__(self,'source',source)
  __dataclass_builtins_object__.__setattr__(self,'seed',seed)
  __dataclass_builtins_object__.__setattr__(self,'order',order)
 return __init__
CODE["dbde40e63a2b8659d16527099fe83e7d"] = __create_fn__.__code__

def __create_fn__(_type_info, _type_state, _type_lines, _type_names, _type_pending, _type_board, _type_last, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_last, _return_type):
 def __init__(self,info:_type_info,state:_type_state,lines:_type_lines,names:_type_names,pending:_type_pending,board:_type_board,last:_type_last=_dflt_last)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'info',info)
  __dataclass_builtins_object__.__setattr__(self,'state',state)
  __dataclass_builtins_object__.__setattr__(self,'lines',lines)
  __dataclass_builtins_object__.__setattr__(self,'names',names)
  __dataclass_builtins_object__.__setattr__(self,'pending',pending)
  __dataclass_builtins_object__.__setattr__(self,'board',board)
  __dataclass_builtins_object__.__setattr__(self,'last',last)
 return __init__
CODE["df0a4e3e7d555bd2d24cd926c270b210"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('outcome',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["e046c91798d2f07d24839562bc957b67"] = __create_fn__.__code__

def __create_fn__(_type_encounter, _type_entries, _type_mismatch, _type_state, _type_problem, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _dflt_problem, _return_type):
 def __init__(self,encounter:_type_encounter,entries:_type_entries,mismatch:_type_mismatch,state:_type_state,problem:_type_problem=_dflt_problem)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'encounter',encounter)
  __dataclass_builtins_object__.__setattr__(self,'entries',entries)
  __dataclass_builtins_object__.__setattr__(self,'mismatch',mismatch)
  __dataclass_builtins_object__.__setattr__(self,'state',state)
  __dataclass_builtins_object__.__setattr__(self,'problem',problem)
 return __init__
CODE["e6827af1455ab2cc1e90d8154194216b"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(creature={self.creature!r}, made={self.made!r}, options={self.options!r}, before={self.before!r})"
 return __repr__
CODE["ec6a013f376ab19116eaa3952031572d"] = __create_fn__.__code__

def __create_fn__():
 def __hash__(self):
  return hash((self.encounter,self.entries,self.mismatch,self.state,self.problem,))
 return __hash__
CODE["eeae0e5aadc44ad6e71036ce8c08149f"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('encounter','entries','mismatch','state','problem',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ef15fc56a58bc9fbaeaf7f2451529995"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('kind','creature','moves','options',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ef9c3539ee251c320dfbad737420d18a"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.side,self.unseen,self.words,self.places,self.sides,)==(other.side,other.unseen,other.words,other.places,other.sides,)
  return NotImplemented
 return __eq__
CODE["ef9f362dc02f84ee2abaa7f1e2936b5a"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(outcome={self.outcome!r})"
 return __repr__
CODE["f17f62e94cc51e1f3636d38ea373605f"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(side={self.side!r}, unseen={self.unseen!r}, words={self.words!r}, places={self.places!r}, sides={self.sides!r})"
 return __repr__
CODE["f2f7c47f4f50258b32711ac9c5c27371"] = __create_fn__.__code__

def __create_fn__():
 def __eq__(self,other):
  if other.__class__ is self.__class__:
   return (self.count,self.sides,self.bonus,)==(other.count,other.sides,other.bonus,)
  return NotImplemented
 return __eq__
CODE["f5ae59ea695cb0c266ee4f83133e4149"] = __create_fn__.__code__

def __create_fn__():
 def __repr__(self):
  return self.__class__.__qualname__ + f"(encounter={self.encounter!r}, entries={self.entries!r}, mismatch={self.mismatch!r}, state={self.state!r}, problem={self.problem!r})"
 return __repr__
CODE["f5d40231ba34de2d786c37d2c6f9490c"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __delattr__(self,name):
  if type(self) is cls or name in ('creature','made','options','before',):
   raise FrozenInstanceError(f"cannot delete field {name!r}")
  super(cls, self).__delattr__(name)
 return __delattr__
CODE["f62bb23a66cc121adac3d52284b2ad52"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('scenario_text','source','seed','order',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["fe51090bf82ce56a2bff914a525f9f6b"] = __create_fn__.__code__

def __create_fn__(_type_outcome, MISSING, _HAS_DEFAULT_FACTORY, __dataclass_builtins_object__, _return_type):
 def __init__(self,outcome:_type_outcome)->_return_type:
  __dataclass_builtins_object__.__setattr__(self,'outcome',outcome)
 return __init__
CODE["fedd04a4f262141405503cce22156fcf"] = __create_fn__.__code__

def __create_fn__(cls, FrozenInstanceError):
 def __setattr__(self,name,value):
  if type(self) is cls or name in ('id','name','ruleset','source','seed','given_order','created',):
   raise FrozenInstanceError(f"cannot assign to field {name!r}")
  super(cls, self).__setattr__(name, value)
 return __setattr__
CODE["ffe5e12a84b30997df9b7cf811d2821a"] = __create_fn__.__code__
