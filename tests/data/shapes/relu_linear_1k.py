# Synthetic fusion: 1000 ops, seed 7 (bench/make_fusion.py)
import torch
from nvfuser import FusionDefinition, DataType

def synthetic_fusion_1000_7(fd : FusionDefinition) -> None :
    T0 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T2 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T3 = fd.ops.linear(T0, T1, T2)
    T4 = fd.ops.cast(T3, dtype=DataType.Float)
    T5 = fd.ops.relu(T4)
    T6 = fd.ops.cast(T5, dtype=DataType.BFloat16)
    T7 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T8 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T9 = fd.ops.linear(T6, T7, T8)
    T10 = fd.ops.cast(T9, dtype=DataType.Float)
    T11 = fd.ops.relu(T10)
    T12 = fd.ops.cast(T11, dtype=DataType.BFloat16)
    T13 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T14 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T15 = fd.ops.linear(T12, T13, T14)
    T16 = fd.ops.cast(T15, dtype=DataType.Float)
    T17 = fd.ops.relu(T16)
    T18 = fd.ops.cast(T17, dtype=DataType.BFloat16)
    T19 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T20 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T21 = fd.ops.linear(T18, T19, T20)
    T22 = fd.ops.cast(T21, dtype=DataType.Float)
    T23 = fd.ops.relu(T22)
    T24 = fd.ops.cast(T23, dtype=DataType.BFloat16)
    T25 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T26 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T27 = fd.ops.linear(T24, T25, T26)
    T28 = fd.ops.cast(T27, dtype=DataType.Float)
    T29 = fd.ops.relu(T28)
    T30 = fd.ops.cast(T29, dtype=DataType.BFloat16)
    T31 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T32 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T33 = fd.ops.linear(T30, T31, T32)
    T34 = fd.ops.cast(T33, dtype=DataType.Float)
    T35 = fd.ops.relu(T34)
    T36 = fd.ops.cast(T35, dtype=DataType.BFloat16)
    T37 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T38 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T39 = fd.ops.linear(T36, T37, T38)
    T40 = fd.ops.cast(T39, dtype=DataType.Float)
    T41 = fd.ops.relu(T40)
    T42 = fd.ops.cast(T41, dtype=DataType.BFloat16)
    T43 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T44 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T45 = fd.ops.linear(T42, T43, T44)
    T46 = fd.ops.cast(T45, dtype=DataType.Float)
    T47 = fd.ops.relu(T46)
    T48 = fd.ops.cast(T47, dtype=DataType.BFloat16)
    T49 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T50 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T51 = fd.ops.linear(T48, T49, T50)
    T52 = fd.ops.cast(T51, dtype=DataType.Float)
    T53 = fd.ops.relu(T52)
    T54 = fd.ops.cast(T53, dtype=DataType.BFloat16)
    T55 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T56 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T57 = fd.ops.linear(T54, T55, T56)
    T58 = fd.ops.cast(T57, dtype=DataType.Float)
    T59 = fd.ops.relu(T58)
    T60 = fd.ops.cast(T59, dtype=DataType.BFloat16)
    T61 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T62 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T63 = fd.ops.linear(T60, T61, T62)
    T64 = fd.ops.cast(T63, dtype=DataType.Float)
    T65 = fd.ops.relu(T64)
    T66 = fd.ops.cast(T65, dtype=DataType.BFloat16)
    T67 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T68 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T69 = fd.ops.linear(T66, T67, T68)
    T70 = fd.ops.cast(T69, dtype=DataType.Float)
    T71 = fd.ops.relu(T70)
    T72 = fd.ops.cast(T71, dtype=DataType.BFloat16)
    T73 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T74 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T75 = fd.ops.linear(T72, T73, T74)
    T76 = fd.ops.cast(T75, dtype=DataType.Float)
    T77 = fd.ops.relu(T76)
    T78 = fd.ops.cast(T77, dtype=DataType.BFloat16)
    T79 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T80 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T81 = fd.ops.linear(T78, T79, T80)
    T82 = fd.ops.cast(T81, dtype=DataType.Float)
    T83 = fd.ops.relu(T82)
    T84 = fd.ops.cast(T83, dtype=DataType.BFloat16)
    T85 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T86 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T87 = fd.ops.linear(T84, T85, T86)
    T88 = fd.ops.cast(T87, dtype=DataType.Float)
    T89 = fd.ops.relu(T88)
    T90 = fd.ops.cast(T89, dtype=DataType.BFloat16)
    T91 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T92 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T93 = fd.ops.linear(T90, T91, T92)
    T94 = fd.ops.cast(T93, dtype=DataType.Float)
    T95 = fd.ops.relu(T94)
    T96 = fd.ops.cast(T95, dtype=DataType.BFloat16)
    T97 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T98 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T99 = fd.ops.linear(T96, T97, T98)
    T100 = fd.ops.cast(T99, dtype=DataType.Float)
    T101 = fd.ops.relu(T100)
    T102 = fd.ops.cast(T101, dtype=DataType.BFloat16)
    T103 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T104 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T105 = fd.ops.linear(T102, T103, T104)
    T106 = fd.ops.cast(T105, dtype=DataType.Float)
    T107 = fd.ops.relu(T106)
    T108 = fd.ops.cast(T107, dtype=DataType.BFloat16)
    T109 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T110 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T111 = fd.ops.linear(T108, T109, T110)
    T112 = fd.ops.cast(T111, dtype=DataType.Float)
    T113 = fd.ops.relu(T112)
    T114 = fd.ops.cast(T113, dtype=DataType.BFloat16)
    T115 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T116 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T117 = fd.ops.linear(T114, T115, T116)
    T118 = fd.ops.cast(T117, dtype=DataType.Float)
    T119 = fd.ops.relu(T118)
    T120 = fd.ops.cast(T119, dtype=DataType.BFloat16)
    T121 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T122 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T123 = fd.ops.linear(T120, T121, T122)
    T124 = fd.ops.cast(T123, dtype=DataType.Float)
    T125 = fd.ops.relu(T124)
    T126 = fd.ops.cast(T125, dtype=DataType.BFloat16)
    T127 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T128 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T129 = fd.ops.linear(T126, T127, T128)
    T130 = fd.ops.cast(T129, dtype=DataType.Float)
    T131 = fd.ops.relu(T130)
    T132 = fd.ops.cast(T131, dtype=DataType.BFloat16)
    T133 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T134 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T135 = fd.ops.linear(T132, T133, T134)
    T136 = fd.ops.cast(T135, dtype=DataType.Float)
    T137 = fd.ops.relu(T136)
    T138 = fd.ops.cast(T137, dtype=DataType.BFloat16)
    T139 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T140 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T141 = fd.ops.linear(T138, T139, T140)
    T142 = fd.ops.cast(T141, dtype=DataType.Float)
    T143 = fd.ops.relu(T142)
    T144 = fd.ops.cast(T143, dtype=DataType.BFloat16)
    T145 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T146 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T147 = fd.ops.linear(T144, T145, T146)
    T148 = fd.ops.cast(T147, dtype=DataType.Float)
    T149 = fd.ops.relu(T148)
    T150 = fd.ops.cast(T149, dtype=DataType.BFloat16)
    T151 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T152 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T153 = fd.ops.linear(T150, T151, T152)
    T154 = fd.ops.cast(T153, dtype=DataType.Float)
    T155 = fd.ops.relu(T154)
    T156 = fd.ops.cast(T155, dtype=DataType.BFloat16)
    T157 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T158 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T159 = fd.ops.linear(T156, T157, T158)
    T160 = fd.ops.cast(T159, dtype=DataType.Float)
    T161 = fd.ops.relu(T160)
    T162 = fd.ops.cast(T161, dtype=DataType.BFloat16)
    T163 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T164 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T165 = fd.ops.linear(T162, T163, T164)
    T166 = fd.ops.cast(T165, dtype=DataType.Float)
    T167 = fd.ops.relu(T166)
    T168 = fd.ops.cast(T167, dtype=DataType.BFloat16)
    T169 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T170 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T171 = fd.ops.linear(T168, T169, T170)
    T172 = fd.ops.cast(T171, dtype=DataType.Float)
    T173 = fd.ops.relu(T172)
    T174 = fd.ops.cast(T173, dtype=DataType.BFloat16)
    T175 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T176 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T177 = fd.ops.linear(T174, T175, T176)
    T178 = fd.ops.cast(T177, dtype=DataType.Float)
    T179 = fd.ops.relu(T178)
    T180 = fd.ops.cast(T179, dtype=DataType.BFloat16)
    T181 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T182 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T183 = fd.ops.linear(T180, T181, T182)
    T184 = fd.ops.cast(T183, dtype=DataType.Float)
    T185 = fd.ops.relu(T184)
    T186 = fd.ops.cast(T185, dtype=DataType.BFloat16)
    T187 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T188 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T189 = fd.ops.linear(T186, T187, T188)
    T190 = fd.ops.cast(T189, dtype=DataType.Float)
    T191 = fd.ops.relu(T190)
    T192 = fd.ops.cast(T191, dtype=DataType.BFloat16)
    T193 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T194 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T195 = fd.ops.linear(T192, T193, T194)
    T196 = fd.ops.cast(T195, dtype=DataType.Float)
    T197 = fd.ops.relu(T196)
    T198 = fd.ops.cast(T197, dtype=DataType.BFloat16)
    T199 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T200 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T201 = fd.ops.linear(T198, T199, T200)
    T202 = fd.ops.cast(T201, dtype=DataType.Float)
    T203 = fd.ops.relu(T202)
    T204 = fd.ops.cast(T203, dtype=DataType.BFloat16)
    T205 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T206 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T207 = fd.ops.linear(T204, T205, T206)
    T208 = fd.ops.cast(T207, dtype=DataType.Float)
    T209 = fd.ops.relu(T208)
    T210 = fd.ops.cast(T209, dtype=DataType.BFloat16)
    T211 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T212 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T213 = fd.ops.linear(T210, T211, T212)
    T214 = fd.ops.cast(T213, dtype=DataType.Float)
    T215 = fd.ops.relu(T214)
    T216 = fd.ops.cast(T215, dtype=DataType.BFloat16)
    T217 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T218 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T219 = fd.ops.linear(T216, T217, T218)
    T220 = fd.ops.cast(T219, dtype=DataType.Float)
    T221 = fd.ops.relu(T220)
    T222 = fd.ops.cast(T221, dtype=DataType.BFloat16)
    T223 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T224 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T225 = fd.ops.linear(T222, T223, T224)
    T226 = fd.ops.cast(T225, dtype=DataType.Float)
    T227 = fd.ops.relu(T226)
    T228 = fd.ops.cast(T227, dtype=DataType.BFloat16)
    T229 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T230 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T231 = fd.ops.linear(T228, T229, T230)
    T232 = fd.ops.cast(T231, dtype=DataType.Float)
    T233 = fd.ops.relu(T232)
    T234 = fd.ops.cast(T233, dtype=DataType.BFloat16)
    T235 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T236 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T237 = fd.ops.linear(T234, T235, T236)
    T238 = fd.ops.cast(T237, dtype=DataType.Float)
    T239 = fd.ops.relu(T238)
    T240 = fd.ops.cast(T239, dtype=DataType.BFloat16)
    T241 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T242 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T243 = fd.ops.linear(T240, T241, T242)
    T244 = fd.ops.cast(T243, dtype=DataType.Float)
    T245 = fd.ops.relu(T244)
    T246 = fd.ops.cast(T245, dtype=DataType.BFloat16)
    T247 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T248 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T249 = fd.ops.linear(T246, T247, T248)
    T250 = fd.ops.cast(T249, dtype=DataType.Float)
    T251 = fd.ops.relu(T250)
    T252 = fd.ops.cast(T251, dtype=DataType.BFloat16)
    T253 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T254 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T255 = fd.ops.linear(T252, T253, T254)
    T256 = fd.ops.cast(T255, dtype=DataType.Float)
    T257 = fd.ops.relu(T256)
    T258 = fd.ops.cast(T257, dtype=DataType.BFloat16)
    T259 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T260 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T261 = fd.ops.linear(T258, T259, T260)
    T262 = fd.ops.cast(T261, dtype=DataType.Float)
    T263 = fd.ops.relu(T262)
    T264 = fd.ops.cast(T263, dtype=DataType.BFloat16)
    T265 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T266 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T267 = fd.ops.linear(T264, T265, T266)
    T268 = fd.ops.cast(T267, dtype=DataType.Float)
    T269 = fd.ops.relu(T268)
    T270 = fd.ops.cast(T269, dtype=DataType.BFloat16)
    T271 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T272 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T273 = fd.ops.linear(T270, T271, T272)
    T274 = fd.ops.cast(T273, dtype=DataType.Float)
    T275 = fd.ops.relu(T274)
    T276 = fd.ops.cast(T275, dtype=DataType.BFloat16)
    T277 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T278 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T279 = fd.ops.linear(T276, T277, T278)
    T280 = fd.ops.cast(T279, dtype=DataType.Float)
    T281 = fd.ops.relu(T280)
    T282 = fd.ops.cast(T281, dtype=DataType.BFloat16)
    T283 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T284 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T285 = fd.ops.linear(T282, T283, T284)
    T286 = fd.ops.cast(T285, dtype=DataType.Float)
    T287 = fd.ops.relu(T286)
    T288 = fd.ops.cast(T287, dtype=DataType.BFloat16)
    T289 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T290 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T291 = fd.ops.linear(T288, T289, T290)
    T292 = fd.ops.cast(T291, dtype=DataType.Float)
    T293 = fd.ops.relu(T292)
    T294 = fd.ops.cast(T293, dtype=DataType.BFloat16)
    T295 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T296 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T297 = fd.ops.linear(T294, T295, T296)
    T298 = fd.ops.cast(T297, dtype=DataType.Float)
    T299 = fd.ops.relu(T298)
    T300 = fd.ops.cast(T299, dtype=DataType.BFloat16)
    T301 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T302 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T303 = fd.ops.linear(T300, T301, T302)
    T304 = fd.ops.cast(T303, dtype=DataType.Float)
    T305 = fd.ops.relu(T304)
    T306 = fd.ops.cast(T305, dtype=DataType.BFloat16)
    T307 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T308 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T309 = fd.ops.linear(T306, T307, T308)
    T310 = fd.ops.cast(T309, dtype=DataType.Float)
    T311 = fd.ops.relu(T310)
    T312 = fd.ops.cast(T311, dtype=DataType.BFloat16)
    T313 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T314 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T315 = fd.ops.linear(T312, T313, T314)
    T316 = fd.ops.cast(T315, dtype=DataType.Float)
    T317 = fd.ops.relu(T316)
    T318 = fd.ops.cast(T317, dtype=DataType.BFloat16)
    T319 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T320 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T321 = fd.ops.linear(T318, T319, T320)
    T322 = fd.ops.cast(T321, dtype=DataType.Float)
    T323 = fd.ops.relu(T322)
    T324 = fd.ops.cast(T323, dtype=DataType.BFloat16)
    T325 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T326 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T327 = fd.ops.linear(T324, T325, T326)
    T328 = fd.ops.cast(T327, dtype=DataType.Float)
    T329 = fd.ops.relu(T328)
    T330 = fd.ops.cast(T329, dtype=DataType.BFloat16)
    T331 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T332 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T333 = fd.ops.linear(T330, T331, T332)
    T334 = fd.ops.cast(T333, dtype=DataType.Float)
    T335 = fd.ops.relu(T334)
    T336 = fd.ops.cast(T335, dtype=DataType.BFloat16)
    T337 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T338 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T339 = fd.ops.linear(T336, T337, T338)
    T340 = fd.ops.cast(T339, dtype=DataType.Float)
    T341 = fd.ops.relu(T340)
    T342 = fd.ops.cast(T341, dtype=DataType.BFloat16)
    T343 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T344 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T345 = fd.ops.linear(T342, T343, T344)
    T346 = fd.ops.cast(T345, dtype=DataType.Float)
    T347 = fd.ops.relu(T346)
    T348 = fd.ops.cast(T347, dtype=DataType.BFloat16)
    T349 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T350 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T351 = fd.ops.linear(T348, T349, T350)
    T352 = fd.ops.cast(T351, dtype=DataType.Float)
    T353 = fd.ops.relu(T352)
    T354 = fd.ops.cast(T353, dtype=DataType.BFloat16)
    T355 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T356 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T357 = fd.ops.linear(T354, T355, T356)
    T358 = fd.ops.cast(T357, dtype=DataType.Float)
    T359 = fd.ops.relu(T358)
    T360 = fd.ops.cast(T359, dtype=DataType.BFloat16)
    T361 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T362 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T363 = fd.ops.linear(T360, T361, T362)
    T364 = fd.ops.cast(T363, dtype=DataType.Float)
    T365 = fd.ops.relu(T364)
    T366 = fd.ops.cast(T365, dtype=DataType.BFloat16)
    T367 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T368 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T369 = fd.ops.linear(T366, T367, T368)
    T370 = fd.ops.cast(T369, dtype=DataType.Float)
    T371 = fd.ops.relu(T370)
    T372 = fd.ops.cast(T371, dtype=DataType.BFloat16)
    T373 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T374 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T375 = fd.ops.linear(T372, T373, T374)
    T376 = fd.ops.cast(T375, dtype=DataType.Float)
    T377 = fd.ops.relu(T376)
    T378 = fd.ops.cast(T377, dtype=DataType.BFloat16)
    T379 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T380 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T381 = fd.ops.linear(T378, T379, T380)
    T382 = fd.ops.cast(T381, dtype=DataType.Float)
    T383 = fd.ops.relu(T382)
    T384 = fd.ops.cast(T383, dtype=DataType.BFloat16)
    T385 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T386 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T387 = fd.ops.linear(T384, T385, T386)
    T388 = fd.ops.cast(T387, dtype=DataType.Float)
    T389 = fd.ops.relu(T388)
    T390 = fd.ops.cast(T389, dtype=DataType.BFloat16)
    T391 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T392 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T393 = fd.ops.linear(T390, T391, T392)
    T394 = fd.ops.cast(T393, dtype=DataType.Float)
    T395 = fd.ops.relu(T394)
    T396 = fd.ops.cast(T395, dtype=DataType.BFloat16)
    T397 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T398 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T399 = fd.ops.linear(T396, T397, T398)
    T400 = fd.ops.cast(T399, dtype=DataType.Float)
    T401 = fd.ops.relu(T400)
    T402 = fd.ops.cast(T401, dtype=DataType.BFloat16)
    T403 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T404 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T405 = fd.ops.linear(T402, T403, T404)
    T406 = fd.ops.cast(T405, dtype=DataType.Float)
    T407 = fd.ops.relu(T406)
    T408 = fd.ops.cast(T407, dtype=DataType.BFloat16)
    T409 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T410 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T411 = fd.ops.linear(T408, T409, T410)
    T412 = fd.ops.cast(T411, dtype=DataType.Float)
    T413 = fd.ops.relu(T412)
    T414 = fd.ops.cast(T413, dtype=DataType.BFloat16)
    T415 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T416 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T417 = fd.ops.linear(T414, T415, T416)
    T418 = fd.ops.cast(T417, dtype=DataType.Float)
    T419 = fd.ops.relu(T418)
    T420 = fd.ops.cast(T419, dtype=DataType.BFloat16)
    T421 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T422 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T423 = fd.ops.linear(T420, T421, T422)
    T424 = fd.ops.cast(T423, dtype=DataType.Float)
    T425 = fd.ops.relu(T424)
    T426 = fd.ops.cast(T425, dtype=DataType.BFloat16)
    T427 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T428 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T429 = fd.ops.linear(T426, T427, T428)
    T430 = fd.ops.cast(T429, dtype=DataType.Float)
    T431 = fd.ops.relu(T430)
    T432 = fd.ops.cast(T431, dtype=DataType.BFloat16)
    T433 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T434 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T435 = fd.ops.linear(T432, T433, T434)
    T436 = fd.ops.cast(T435, dtype=DataType.Float)
    T437 = fd.ops.relu(T436)
    T438 = fd.ops.cast(T437, dtype=DataType.BFloat16)
    T439 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T440 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T441 = fd.ops.linear(T438, T439, T440)
    T442 = fd.ops.cast(T441, dtype=DataType.Float)
    T443 = fd.ops.relu(T442)
    T444 = fd.ops.cast(T443, dtype=DataType.BFloat16)
    T445 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T446 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T447 = fd.ops.linear(T444, T445, T446)
    T448 = fd.ops.cast(T447, dtype=DataType.Float)
    T449 = fd.ops.relu(T448)
    T450 = fd.ops.cast(T449, dtype=DataType.BFloat16)
    T451 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T452 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T453 = fd.ops.linear(T450, T451, T452)
    T454 = fd.ops.cast(T453, dtype=DataType.Float)
    T455 = fd.ops.relu(T454)
    T456 = fd.ops.cast(T455, dtype=DataType.BFloat16)
    T457 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T458 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T459 = fd.ops.linear(T456, T457, T458)
    T460 = fd.ops.cast(T459, dtype=DataType.Float)
    T461 = fd.ops.relu(T460)
    T462 = fd.ops.cast(T461, dtype=DataType.BFloat16)
    T463 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T464 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T465 = fd.ops.linear(T462, T463, T464)
    T466 = fd.ops.cast(T465, dtype=DataType.Float)
    T467 = fd.ops.relu(T466)
    T468 = fd.ops.cast(T467, dtype=DataType.BFloat16)
    T469 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T470 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T471 = fd.ops.linear(T468, T469, T470)
    T472 = fd.ops.cast(T471, dtype=DataType.Float)
    T473 = fd.ops.relu(T472)
    T474 = fd.ops.cast(T473, dtype=DataType.BFloat16)
    T475 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T476 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T477 = fd.ops.linear(T474, T475, T476)
    T478 = fd.ops.cast(T477, dtype=DataType.Float)
    T479 = fd.ops.relu(T478)
    T480 = fd.ops.cast(T479, dtype=DataType.BFloat16)
    T481 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T482 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T483 = fd.ops.linear(T480, T481, T482)
    T484 = fd.ops.cast(T483, dtype=DataType.Float)
    T485 = fd.ops.relu(T484)
    T486 = fd.ops.cast(T485, dtype=DataType.BFloat16)
    T487 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T488 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T489 = fd.ops.linear(T486, T487, T488)
    T490 = fd.ops.cast(T489, dtype=DataType.Float)
    T491 = fd.ops.relu(T490)
    T492 = fd.ops.cast(T491, dtype=DataType.BFloat16)
    T493 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T494 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T495 = fd.ops.linear(T492, T493, T494)
    T496 = fd.ops.cast(T495, dtype=DataType.Float)
    T497 = fd.ops.relu(T496)
    T498 = fd.ops.cast(T497, dtype=DataType.BFloat16)
    T499 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T500 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T501 = fd.ops.linear(T498, T499, T500)
    T502 = fd.ops.cast(T501, dtype=DataType.Float)
    T503 = fd.ops.relu(T502)
    T504 = fd.ops.cast(T503, dtype=DataType.BFloat16)
    T505 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T506 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T507 = fd.ops.linear(T504, T505, T506)
    T508 = fd.ops.cast(T507, dtype=DataType.Float)
    T509 = fd.ops.relu(T508)
    T510 = fd.ops.cast(T509, dtype=DataType.BFloat16)
    T511 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T512 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T513 = fd.ops.linear(T510, T511, T512)
    T514 = fd.ops.cast(T513, dtype=DataType.Float)
    T515 = fd.ops.relu(T514)
    T516 = fd.ops.cast(T515, dtype=DataType.BFloat16)
    T517 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T518 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T519 = fd.ops.linear(T516, T517, T518)
    T520 = fd.ops.cast(T519, dtype=DataType.Float)
    T521 = fd.ops.relu(T520)
    T522 = fd.ops.cast(T521, dtype=DataType.BFloat16)
    T523 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T524 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T525 = fd.ops.linear(T522, T523, T524)
    T526 = fd.ops.cast(T525, dtype=DataType.Float)
    T527 = fd.ops.relu(T526)
    T528 = fd.ops.cast(T527, dtype=DataType.BFloat16)
    T529 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T530 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T531 = fd.ops.linear(T528, T529, T530)
    T532 = fd.ops.cast(T531, dtype=DataType.Float)
    T533 = fd.ops.relu(T532)
    T534 = fd.ops.cast(T533, dtype=DataType.BFloat16)
    T535 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T536 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T537 = fd.ops.linear(T534, T535, T536)
    T538 = fd.ops.cast(T537, dtype=DataType.Float)
    T539 = fd.ops.relu(T538)
    T540 = fd.ops.cast(T539, dtype=DataType.BFloat16)
    T541 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T542 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T543 = fd.ops.linear(T540, T541, T542)
    T544 = fd.ops.cast(T543, dtype=DataType.Float)
    T545 = fd.ops.relu(T544)
    T546 = fd.ops.cast(T545, dtype=DataType.BFloat16)
    T547 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T548 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T549 = fd.ops.linear(T546, T547, T548)
    T550 = fd.ops.cast(T549, dtype=DataType.Float)
    T551 = fd.ops.relu(T550)
    T552 = fd.ops.cast(T551, dtype=DataType.BFloat16)
    T553 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T554 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T555 = fd.ops.linear(T552, T553, T554)
    T556 = fd.ops.cast(T555, dtype=DataType.Float)
    T557 = fd.ops.relu(T556)
    T558 = fd.ops.cast(T557, dtype=DataType.BFloat16)
    T559 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T560 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T561 = fd.ops.linear(T558, T559, T560)
    T562 = fd.ops.cast(T561, dtype=DataType.Float)
    T563 = fd.ops.relu(T562)
    T564 = fd.ops.cast(T563, dtype=DataType.BFloat16)
    T565 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T566 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T567 = fd.ops.linear(T564, T565, T566)
    T568 = fd.ops.cast(T567, dtype=DataType.Float)
    T569 = fd.ops.relu(T568)
    T570 = fd.ops.cast(T569, dtype=DataType.BFloat16)
    T571 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T572 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T573 = fd.ops.linear(T570, T571, T572)
    T574 = fd.ops.cast(T573, dtype=DataType.Float)
    T575 = fd.ops.relu(T574)
    T576 = fd.ops.cast(T575, dtype=DataType.BFloat16)
    T577 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T578 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T579 = fd.ops.linear(T576, T577, T578)
    T580 = fd.ops.cast(T579, dtype=DataType.Float)
    T581 = fd.ops.relu(T580)
    T582 = fd.ops.cast(T581, dtype=DataType.BFloat16)
    T583 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T584 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T585 = fd.ops.linear(T582, T583, T584)
    T586 = fd.ops.cast(T585, dtype=DataType.Float)
    T587 = fd.ops.relu(T586)
    T588 = fd.ops.cast(T587, dtype=DataType.BFloat16)
    T589 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T590 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T591 = fd.ops.linear(T588, T589, T590)
    T592 = fd.ops.cast(T591, dtype=DataType.Float)
    T593 = fd.ops.relu(T592)
    T594 = fd.ops.cast(T593, dtype=DataType.BFloat16)
    T595 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T596 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T597 = fd.ops.linear(T594, T595, T596)
    T598 = fd.ops.cast(T597, dtype=DataType.Float)
    T599 = fd.ops.relu(T598)
    T600 = fd.ops.cast(T599, dtype=DataType.BFloat16)
    T601 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T602 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T603 = fd.ops.linear(T600, T601, T602)
    T604 = fd.ops.cast(T603, dtype=DataType.Float)
    T605 = fd.ops.relu(T604)
    T606 = fd.ops.cast(T605, dtype=DataType.BFloat16)
    T607 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T608 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T609 = fd.ops.linear(T606, T607, T608)
    T610 = fd.ops.cast(T609, dtype=DataType.Float)
    T611 = fd.ops.relu(T610)
    T612 = fd.ops.cast(T611, dtype=DataType.BFloat16)
    T613 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T614 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T615 = fd.ops.linear(T612, T613, T614)
    T616 = fd.ops.cast(T615, dtype=DataType.Float)
    T617 = fd.ops.relu(T616)
    T618 = fd.ops.cast(T617, dtype=DataType.BFloat16)
    T619 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T620 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T621 = fd.ops.linear(T618, T619, T620)
    T622 = fd.ops.cast(T621, dtype=DataType.Float)
    T623 = fd.ops.relu(T622)
    T624 = fd.ops.cast(T623, dtype=DataType.BFloat16)
    T625 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T626 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T627 = fd.ops.linear(T624, T625, T626)
    T628 = fd.ops.cast(T627, dtype=DataType.Float)
    T629 = fd.ops.relu(T628)
    T630 = fd.ops.cast(T629, dtype=DataType.BFloat16)
    T631 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T632 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T633 = fd.ops.linear(T630, T631, T632)
    T634 = fd.ops.cast(T633, dtype=DataType.Float)
    T635 = fd.ops.relu(T634)
    T636 = fd.ops.cast(T635, dtype=DataType.BFloat16)
    T637 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T638 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T639 = fd.ops.linear(T636, T637, T638)
    T640 = fd.ops.cast(T639, dtype=DataType.Float)
    T641 = fd.ops.relu(T640)
    T642 = fd.ops.cast(T641, dtype=DataType.BFloat16)
    T643 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T644 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T645 = fd.ops.linear(T642, T643, T644)
    T646 = fd.ops.cast(T645, dtype=DataType.Float)
    T647 = fd.ops.relu(T646)
    T648 = fd.ops.cast(T647, dtype=DataType.BFloat16)
    T649 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T650 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T651 = fd.ops.linear(T648, T649, T650)
    T652 = fd.ops.cast(T651, dtype=DataType.Float)
    T653 = fd.ops.relu(T652)
    T654 = fd.ops.cast(T653, dtype=DataType.BFloat16)
    T655 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T656 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T657 = fd.ops.linear(T654, T655, T656)
    T658 = fd.ops.cast(T657, dtype=DataType.Float)
    T659 = fd.ops.relu(T658)
    T660 = fd.ops.cast(T659, dtype=DataType.BFloat16)
    T661 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T662 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T663 = fd.ops.linear(T660, T661, T662)
    T664 = fd.ops.cast(T663, dtype=DataType.Float)
    T665 = fd.ops.relu(T664)
    T666 = fd.ops.cast(T665, dtype=DataType.BFloat16)
    T667 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T668 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T669 = fd.ops.linear(T666, T667, T668)
    T670 = fd.ops.cast(T669, dtype=DataType.Float)
    T671 = fd.ops.relu(T670)
    T672 = fd.ops.cast(T671, dtype=DataType.BFloat16)
    T673 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T674 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T675 = fd.ops.linear(T672, T673, T674)
    T676 = fd.ops.cast(T675, dtype=DataType.Float)
    T677 = fd.ops.relu(T676)
    T678 = fd.ops.cast(T677, dtype=DataType.BFloat16)
    T679 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T680 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T681 = fd.ops.linear(T678, T679, T680)
    T682 = fd.ops.cast(T681, dtype=DataType.Float)
    T683 = fd.ops.relu(T682)
    T684 = fd.ops.cast(T683, dtype=DataType.BFloat16)
    T685 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T686 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T687 = fd.ops.linear(T684, T685, T686)
    T688 = fd.ops.cast(T687, dtype=DataType.Float)
    T689 = fd.ops.relu(T688)
    T690 = fd.ops.cast(T689, dtype=DataType.BFloat16)
    T691 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T692 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T693 = fd.ops.linear(T690, T691, T692)
    T694 = fd.ops.cast(T693, dtype=DataType.Float)
    T695 = fd.ops.relu(T694)
    T696 = fd.ops.cast(T695, dtype=DataType.BFloat16)
    T697 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T698 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T699 = fd.ops.linear(T696, T697, T698)
    T700 = fd.ops.cast(T699, dtype=DataType.Float)
    T701 = fd.ops.relu(T700)
    T702 = fd.ops.cast(T701, dtype=DataType.BFloat16)
    T703 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T704 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T705 = fd.ops.linear(T702, T703, T704)
    T706 = fd.ops.cast(T705, dtype=DataType.Float)
    T707 = fd.ops.relu(T706)
    T708 = fd.ops.cast(T707, dtype=DataType.BFloat16)
    T709 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T710 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T711 = fd.ops.linear(T708, T709, T710)
    T712 = fd.ops.cast(T711, dtype=DataType.Float)
    T713 = fd.ops.relu(T712)
    T714 = fd.ops.cast(T713, dtype=DataType.BFloat16)
    T715 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T716 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T717 = fd.ops.linear(T714, T715, T716)
    T718 = fd.ops.cast(T717, dtype=DataType.Float)
    T719 = fd.ops.relu(T718)
    T720 = fd.ops.cast(T719, dtype=DataType.BFloat16)
    T721 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T722 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T723 = fd.ops.linear(T720, T721, T722)
    T724 = fd.ops.cast(T723, dtype=DataType.Float)
    T725 = fd.ops.relu(T724)
    T726 = fd.ops.cast(T725, dtype=DataType.BFloat16)
    T727 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T728 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T729 = fd.ops.linear(T726, T727, T728)
    T730 = fd.ops.cast(T729, dtype=DataType.Float)
    T731 = fd.ops.relu(T730)
    T732 = fd.ops.cast(T731, dtype=DataType.BFloat16)
    T733 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T734 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T735 = fd.ops.linear(T732, T733, T734)
    T736 = fd.ops.cast(T735, dtype=DataType.Float)
    T737 = fd.ops.relu(T736)
    T738 = fd.ops.cast(T737, dtype=DataType.BFloat16)
    T739 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T740 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T741 = fd.ops.linear(T738, T739, T740)
    T742 = fd.ops.cast(T741, dtype=DataType.Float)
    T743 = fd.ops.relu(T742)
    T744 = fd.ops.cast(T743, dtype=DataType.BFloat16)
    T745 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T746 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T747 = fd.ops.linear(T744, T745, T746)
    T748 = fd.ops.cast(T747, dtype=DataType.Float)
    T749 = fd.ops.relu(T748)
    T750 = fd.ops.cast(T749, dtype=DataType.BFloat16)
    T751 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T752 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T753 = fd.ops.linear(T750, T751, T752)
    T754 = fd.ops.cast(T753, dtype=DataType.Float)
    T755 = fd.ops.relu(T754)
    T756 = fd.ops.cast(T755, dtype=DataType.BFloat16)
    T757 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T758 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T759 = fd.ops.linear(T756, T757, T758)
    T760 = fd.ops.cast(T759, dtype=DataType.Float)
    T761 = fd.ops.relu(T760)
    T762 = fd.ops.cast(T761, dtype=DataType.BFloat16)
    T763 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T764 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T765 = fd.ops.linear(T762, T763, T764)
    T766 = fd.ops.cast(T765, dtype=DataType.Float)
    T767 = fd.ops.relu(T766)
    T768 = fd.ops.cast(T767, dtype=DataType.BFloat16)
    T769 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T770 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T771 = fd.ops.linear(T768, T769, T770)
    T772 = fd.ops.cast(T771, dtype=DataType.Float)
    T773 = fd.ops.relu(T772)
    T774 = fd.ops.cast(T773, dtype=DataType.BFloat16)
    T775 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T776 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T777 = fd.ops.linear(T774, T775, T776)
    T778 = fd.ops.cast(T777, dtype=DataType.Float)
    T779 = fd.ops.relu(T778)
    T780 = fd.ops.cast(T779, dtype=DataType.BFloat16)
    T781 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T782 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T783 = fd.ops.linear(T780, T781, T782)
    T784 = fd.ops.cast(T783, dtype=DataType.Float)
    T785 = fd.ops.relu(T784)
    T786 = fd.ops.cast(T785, dtype=DataType.BFloat16)
    T787 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T788 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T789 = fd.ops.linear(T786, T787, T788)
    T790 = fd.ops.cast(T789, dtype=DataType.Float)
    T791 = fd.ops.relu(T790)
    T792 = fd.ops.cast(T791, dtype=DataType.BFloat16)
    T793 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T794 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T795 = fd.ops.linear(T792, T793, T794)
    T796 = fd.ops.cast(T795, dtype=DataType.Float)
    T797 = fd.ops.relu(T796)
    T798 = fd.ops.cast(T797, dtype=DataType.BFloat16)
    T799 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T800 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T801 = fd.ops.linear(T798, T799, T800)
    T802 = fd.ops.cast(T801, dtype=DataType.Float)
    T803 = fd.ops.relu(T802)
    T804 = fd.ops.cast(T803, dtype=DataType.BFloat16)
    T805 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T806 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T807 = fd.ops.linear(T804, T805, T806)
    T808 = fd.ops.cast(T807, dtype=DataType.Float)
    T809 = fd.ops.relu(T808)
    T810 = fd.ops.cast(T809, dtype=DataType.BFloat16)
    T811 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T812 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T813 = fd.ops.linear(T810, T811, T812)
    T814 = fd.ops.cast(T813, dtype=DataType.Float)
    T815 = fd.ops.relu(T814)
    T816 = fd.ops.cast(T815, dtype=DataType.BFloat16)
    T817 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T818 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T819 = fd.ops.linear(T816, T817, T818)
    T820 = fd.ops.cast(T819, dtype=DataType.Float)
    T821 = fd.ops.relu(T820)
    T822 = fd.ops.cast(T821, dtype=DataType.BFloat16)
    T823 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T824 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T825 = fd.ops.linear(T822, T823, T824)
    T826 = fd.ops.cast(T825, dtype=DataType.Float)
    T827 = fd.ops.relu(T826)
    T828 = fd.ops.cast(T827, dtype=DataType.BFloat16)
    T829 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T830 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T831 = fd.ops.linear(T828, T829, T830)
    T832 = fd.ops.cast(T831, dtype=DataType.Float)
    T833 = fd.ops.relu(T832)
    T834 = fd.ops.cast(T833, dtype=DataType.BFloat16)
    T835 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T836 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T837 = fd.ops.linear(T834, T835, T836)
    T838 = fd.ops.cast(T837, dtype=DataType.Float)
    T839 = fd.ops.relu(T838)
    T840 = fd.ops.cast(T839, dtype=DataType.BFloat16)
    T841 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T842 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T843 = fd.ops.linear(T840, T841, T842)
    T844 = fd.ops.cast(T843, dtype=DataType.Float)
    T845 = fd.ops.relu(T844)
    T846 = fd.ops.cast(T845, dtype=DataType.BFloat16)
    T847 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T848 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T849 = fd.ops.linear(T846, T847, T848)
    T850 = fd.ops.cast(T849, dtype=DataType.Float)
    T851 = fd.ops.relu(T850)
    T852 = fd.ops.cast(T851, dtype=DataType.BFloat16)
    T853 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T854 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T855 = fd.ops.linear(T852, T853, T854)
    T856 = fd.ops.cast(T855, dtype=DataType.Float)
    T857 = fd.ops.relu(T856)
    T858 = fd.ops.cast(T857, dtype=DataType.BFloat16)
    T859 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T860 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T861 = fd.ops.linear(T858, T859, T860)
    T862 = fd.ops.cast(T861, dtype=DataType.Float)
    T863 = fd.ops.relu(T862)
    T864 = fd.ops.cast(T863, dtype=DataType.BFloat16)
    T865 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T866 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T867 = fd.ops.linear(T864, T865, T866)
    T868 = fd.ops.cast(T867, dtype=DataType.Float)
    T869 = fd.ops.relu(T868)
    T870 = fd.ops.cast(T869, dtype=DataType.BFloat16)
    T871 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T872 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T873 = fd.ops.linear(T870, T871, T872)
    T874 = fd.ops.cast(T873, dtype=DataType.Float)
    T875 = fd.ops.relu(T874)
    T876 = fd.ops.cast(T875, dtype=DataType.BFloat16)
    T877 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T878 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T879 = fd.ops.linear(T876, T877, T878)
    T880 = fd.ops.cast(T879, dtype=DataType.Float)
    T881 = fd.ops.relu(T880)
    T882 = fd.ops.cast(T881, dtype=DataType.BFloat16)
    T883 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T884 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T885 = fd.ops.linear(T882, T883, T884)
    T886 = fd.ops.cast(T885, dtype=DataType.Float)
    T887 = fd.ops.relu(T886)
    T888 = fd.ops.cast(T887, dtype=DataType.BFloat16)
    T889 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T890 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T891 = fd.ops.linear(T888, T889, T890)
    T892 = fd.ops.cast(T891, dtype=DataType.Float)
    T893 = fd.ops.relu(T892)
    T894 = fd.ops.cast(T893, dtype=DataType.BFloat16)
    T895 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T896 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T897 = fd.ops.linear(T894, T895, T896)
    T898 = fd.ops.cast(T897, dtype=DataType.Float)
    T899 = fd.ops.relu(T898)
    T900 = fd.ops.cast(T899, dtype=DataType.BFloat16)
    T901 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T902 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T903 = fd.ops.linear(T900, T901, T902)
    T904 = fd.ops.cast(T903, dtype=DataType.Float)
    T905 = fd.ops.relu(T904)
    T906 = fd.ops.cast(T905, dtype=DataType.BFloat16)
    T907 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T908 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T909 = fd.ops.linear(T906, T907, T908)
    T910 = fd.ops.cast(T909, dtype=DataType.Float)
    T911 = fd.ops.relu(T910)
    T912 = fd.ops.cast(T911, dtype=DataType.BFloat16)
    T913 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T914 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T915 = fd.ops.linear(T912, T913, T914)
    T916 = fd.ops.cast(T915, dtype=DataType.Float)
    T917 = fd.ops.relu(T916)
    T918 = fd.ops.cast(T917, dtype=DataType.BFloat16)
    T919 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T920 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T921 = fd.ops.linear(T918, T919, T920)
    T922 = fd.ops.cast(T921, dtype=DataType.Float)
    T923 = fd.ops.relu(T922)
    T924 = fd.ops.cast(T923, dtype=DataType.BFloat16)
    T925 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T926 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T927 = fd.ops.linear(T924, T925, T926)
    T928 = fd.ops.cast(T927, dtype=DataType.Float)
    T929 = fd.ops.relu(T928)
    T930 = fd.ops.cast(T929, dtype=DataType.BFloat16)
    T931 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T932 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T933 = fd.ops.linear(T930, T931, T932)
    T934 = fd.ops.cast(T933, dtype=DataType.Float)
    T935 = fd.ops.relu(T934)
    T936 = fd.ops.cast(T935, dtype=DataType.BFloat16)
    T937 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T938 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T939 = fd.ops.linear(T936, T937, T938)
    T940 = fd.ops.cast(T939, dtype=DataType.Float)
    T941 = fd.ops.relu(T940)
    T942 = fd.ops.cast(T941, dtype=DataType.BFloat16)
    T943 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T944 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T945 = fd.ops.linear(T942, T943, T944)
    T946 = fd.ops.cast(T945, dtype=DataType.Float)
    T947 = fd.ops.relu(T946)
    T948 = fd.ops.cast(T947, dtype=DataType.BFloat16)
    T949 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T950 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T951 = fd.ops.linear(T948, T949, T950)
    T952 = fd.ops.cast(T951, dtype=DataType.Float)
    T953 = fd.ops.relu(T952)
    T954 = fd.ops.cast(T953, dtype=DataType.BFloat16)
    T955 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T956 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T957 = fd.ops.linear(T954, T955, T956)
    T958 = fd.ops.cast(T957, dtype=DataType.Float)
    T959 = fd.ops.relu(T958)
    T960 = fd.ops.cast(T959, dtype=DataType.BFloat16)
    T961 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T962 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T963 = fd.ops.linear(T960, T961, T962)
    T964 = fd.ops.cast(T963, dtype=DataType.Float)
    T965 = fd.ops.relu(T964)
    T966 = fd.ops.cast(T965, dtype=DataType.BFloat16)
    T967 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T968 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T969 = fd.ops.linear(T966, T967, T968)
    T970 = fd.ops.cast(T969, dtype=DataType.Float)
    T971 = fd.ops.relu(T970)
    T972 = fd.ops.cast(T971, dtype=DataType.BFloat16)
    T973 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T974 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T975 = fd.ops.linear(T972, T973, T974)
    T976 = fd.ops.cast(T975, dtype=DataType.Float)
    T977 = fd.ops.relu(T976)
    T978 = fd.ops.cast(T977, dtype=DataType.BFloat16)
    T979 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T980 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T981 = fd.ops.linear(T978, T979, T980)
    T982 = fd.ops.cast(T981, dtype=DataType.Float)
    T983 = fd.ops.relu(T982)
    T984 = fd.ops.cast(T983, dtype=DataType.BFloat16)
    T985 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T986 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T987 = fd.ops.linear(T984, T985, T986)
    T988 = fd.ops.cast(T987, dtype=DataType.Float)
    T989 = fd.ops.relu(T988)
    T990 = fd.ops.cast(T989, dtype=DataType.BFloat16)
    T991 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T992 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T993 = fd.ops.linear(T990, T991, T992)
    T994 = fd.ops.cast(T993, dtype=DataType.Float)
    T995 = fd.ops.relu(T994)
    T996 = fd.ops.cast(T995, dtype=DataType.BFloat16)
    T997 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T998 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T999 = fd.ops.linear(T996, T997, T998)
    T1000 = fd.ops.cast(T999, dtype=DataType.Float)
    T1001 = fd.ops.relu(T1000)
    T1002 = fd.ops.cast(T1001, dtype=DataType.BFloat16)
    T1003 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1004 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1005 = fd.ops.linear(T1002, T1003, T1004)
    T1006 = fd.ops.cast(T1005, dtype=DataType.Float)
    T1007 = fd.ops.relu(T1006)
    T1008 = fd.ops.cast(T1007, dtype=DataType.BFloat16)
    T1009 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1010 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1011 = fd.ops.linear(T1008, T1009, T1010)
    T1012 = fd.ops.cast(T1011, dtype=DataType.Float)
    T1013 = fd.ops.relu(T1012)
    T1014 = fd.ops.cast(T1013, dtype=DataType.BFloat16)
    T1015 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1016 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1017 = fd.ops.linear(T1014, T1015, T1016)
    T1018 = fd.ops.cast(T1017, dtype=DataType.Float)
    T1019 = fd.ops.relu(T1018)
    T1020 = fd.ops.cast(T1019, dtype=DataType.BFloat16)
    T1021 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1022 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1023 = fd.ops.linear(T1020, T1021, T1022)
    T1024 = fd.ops.cast(T1023, dtype=DataType.Float)
    T1025 = fd.ops.relu(T1024)
    T1026 = fd.ops.cast(T1025, dtype=DataType.BFloat16)
    T1027 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1028 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1029 = fd.ops.linear(T1026, T1027, T1028)
    T1030 = fd.ops.cast(T1029, dtype=DataType.Float)
    T1031 = fd.ops.relu(T1030)
    T1032 = fd.ops.cast(T1031, dtype=DataType.BFloat16)
    T1033 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1034 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1035 = fd.ops.linear(T1032, T1033, T1034)
    T1036 = fd.ops.cast(T1035, dtype=DataType.Float)
    T1037 = fd.ops.relu(T1036)
    T1038 = fd.ops.cast(T1037, dtype=DataType.BFloat16)
    T1039 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1040 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1041 = fd.ops.linear(T1038, T1039, T1040)
    T1042 = fd.ops.cast(T1041, dtype=DataType.Float)
    T1043 = fd.ops.relu(T1042)
    T1044 = fd.ops.cast(T1043, dtype=DataType.BFloat16)
    T1045 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1046 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1047 = fd.ops.linear(T1044, T1045, T1046)
    T1048 = fd.ops.cast(T1047, dtype=DataType.Float)
    T1049 = fd.ops.relu(T1048)
    T1050 = fd.ops.cast(T1049, dtype=DataType.BFloat16)
    T1051 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1052 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1053 = fd.ops.linear(T1050, T1051, T1052)
    T1054 = fd.ops.cast(T1053, dtype=DataType.Float)
    T1055 = fd.ops.relu(T1054)
    T1056 = fd.ops.cast(T1055, dtype=DataType.BFloat16)
    T1057 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1058 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1059 = fd.ops.linear(T1056, T1057, T1058)
    T1060 = fd.ops.cast(T1059, dtype=DataType.Float)
    T1061 = fd.ops.relu(T1060)
    T1062 = fd.ops.cast(T1061, dtype=DataType.BFloat16)
    T1063 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1064 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1065 = fd.ops.linear(T1062, T1063, T1064)
    T1066 = fd.ops.cast(T1065, dtype=DataType.Float)
    T1067 = fd.ops.relu(T1066)
    T1068 = fd.ops.cast(T1067, dtype=DataType.BFloat16)
    T1069 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1070 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1071 = fd.ops.linear(T1068, T1069, T1070)
    T1072 = fd.ops.cast(T1071, dtype=DataType.Float)
    T1073 = fd.ops.relu(T1072)
    T1074 = fd.ops.cast(T1073, dtype=DataType.BFloat16)
    T1075 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1076 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1077 = fd.ops.linear(T1074, T1075, T1076)
    T1078 = fd.ops.cast(T1077, dtype=DataType.Float)
    T1079 = fd.ops.relu(T1078)
    T1080 = fd.ops.cast(T1079, dtype=DataType.BFloat16)
    T1081 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1082 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1083 = fd.ops.linear(T1080, T1081, T1082)
    T1084 = fd.ops.cast(T1083, dtype=DataType.Float)
    T1085 = fd.ops.relu(T1084)
    T1086 = fd.ops.cast(T1085, dtype=DataType.BFloat16)
    T1087 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1088 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1089 = fd.ops.linear(T1086, T1087, T1088)
    T1090 = fd.ops.cast(T1089, dtype=DataType.Float)
    T1091 = fd.ops.relu(T1090)
    T1092 = fd.ops.cast(T1091, dtype=DataType.BFloat16)
    T1093 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1094 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1095 = fd.ops.linear(T1092, T1093, T1094)
    T1096 = fd.ops.cast(T1095, dtype=DataType.Float)
    T1097 = fd.ops.relu(T1096)
    T1098 = fd.ops.cast(T1097, dtype=DataType.BFloat16)
    T1099 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1100 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1101 = fd.ops.linear(T1098, T1099, T1100)
    T1102 = fd.ops.cast(T1101, dtype=DataType.Float)
    T1103 = fd.ops.relu(T1102)
    T1104 = fd.ops.cast(T1103, dtype=DataType.BFloat16)
    T1105 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1106 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1107 = fd.ops.linear(T1104, T1105, T1106)
    T1108 = fd.ops.cast(T1107, dtype=DataType.Float)
    T1109 = fd.ops.relu(T1108)
    T1110 = fd.ops.cast(T1109, dtype=DataType.BFloat16)
    T1111 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1112 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1113 = fd.ops.linear(T1110, T1111, T1112)
    T1114 = fd.ops.cast(T1113, dtype=DataType.Float)
    T1115 = fd.ops.relu(T1114)
    T1116 = fd.ops.cast(T1115, dtype=DataType.BFloat16)
    T1117 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1118 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1119 = fd.ops.linear(T1116, T1117, T1118)
    T1120 = fd.ops.cast(T1119, dtype=DataType.Float)
    T1121 = fd.ops.relu(T1120)
    T1122 = fd.ops.cast(T1121, dtype=DataType.BFloat16)
    T1123 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1124 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1125 = fd.ops.linear(T1122, T1123, T1124)
    T1126 = fd.ops.cast(T1125, dtype=DataType.Float)
    T1127 = fd.ops.relu(T1126)
    T1128 = fd.ops.cast(T1127, dtype=DataType.BFloat16)
    T1129 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1130 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1131 = fd.ops.linear(T1128, T1129, T1130)
    T1132 = fd.ops.cast(T1131, dtype=DataType.Float)
    T1133 = fd.ops.relu(T1132)
    T1134 = fd.ops.cast(T1133, dtype=DataType.BFloat16)
    T1135 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1136 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1137 = fd.ops.linear(T1134, T1135, T1136)
    T1138 = fd.ops.cast(T1137, dtype=DataType.Float)
    T1139 = fd.ops.relu(T1138)
    T1140 = fd.ops.cast(T1139, dtype=DataType.BFloat16)
    T1141 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1142 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1143 = fd.ops.linear(T1140, T1141, T1142)
    T1144 = fd.ops.cast(T1143, dtype=DataType.Float)
    T1145 = fd.ops.relu(T1144)
    T1146 = fd.ops.cast(T1145, dtype=DataType.BFloat16)
    T1147 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1148 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1149 = fd.ops.linear(T1146, T1147, T1148)
    T1150 = fd.ops.cast(T1149, dtype=DataType.Float)
    T1151 = fd.ops.relu(T1150)
    T1152 = fd.ops.cast(T1151, dtype=DataType.BFloat16)
    T1153 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1154 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1155 = fd.ops.linear(T1152, T1153, T1154)
    T1156 = fd.ops.cast(T1155, dtype=DataType.Float)
    T1157 = fd.ops.relu(T1156)
    T1158 = fd.ops.cast(T1157, dtype=DataType.BFloat16)
    T1159 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1160 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1161 = fd.ops.linear(T1158, T1159, T1160)
    T1162 = fd.ops.cast(T1161, dtype=DataType.Float)
    T1163 = fd.ops.relu(T1162)
    T1164 = fd.ops.cast(T1163, dtype=DataType.BFloat16)
    T1165 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1166 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1167 = fd.ops.linear(T1164, T1165, T1166)
    T1168 = fd.ops.cast(T1167, dtype=DataType.Float)
    T1169 = fd.ops.relu(T1168)
    T1170 = fd.ops.cast(T1169, dtype=DataType.BFloat16)
    T1171 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1172 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1173 = fd.ops.linear(T1170, T1171, T1172)
    T1174 = fd.ops.cast(T1173, dtype=DataType.Float)
    T1175 = fd.ops.relu(T1174)
    T1176 = fd.ops.cast(T1175, dtype=DataType.BFloat16)
    T1177 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1178 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1179 = fd.ops.linear(T1176, T1177, T1178)
    T1180 = fd.ops.cast(T1179, dtype=DataType.Float)
    T1181 = fd.ops.relu(T1180)
    T1182 = fd.ops.cast(T1181, dtype=DataType.BFloat16)
    T1183 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1184 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1185 = fd.ops.linear(T1182, T1183, T1184)
    T1186 = fd.ops.cast(T1185, dtype=DataType.Float)
    T1187 = fd.ops.relu(T1186)
    T1188 = fd.ops.cast(T1187, dtype=DataType.BFloat16)
    T1189 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1190 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1191 = fd.ops.linear(T1188, T1189, T1190)
    T1192 = fd.ops.cast(T1191, dtype=DataType.Float)
    T1193 = fd.ops.relu(T1192)
    T1194 = fd.ops.cast(T1193, dtype=DataType.BFloat16)
    T1195 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1196 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1197 = fd.ops.linear(T1194, T1195, T1196)
    T1198 = fd.ops.cast(T1197, dtype=DataType.Float)
    T1199 = fd.ops.relu(T1198)
    T1200 = fd.ops.cast(T1199, dtype=DataType.BFloat16)
    T1201 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1202 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1203 = fd.ops.linear(T1200, T1201, T1202)
    T1204 = fd.ops.cast(T1203, dtype=DataType.Float)
    T1205 = fd.ops.relu(T1204)
    T1206 = fd.ops.cast(T1205, dtype=DataType.BFloat16)
    T1207 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1208 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1209 = fd.ops.linear(T1206, T1207, T1208)
    T1210 = fd.ops.cast(T1209, dtype=DataType.Float)
    T1211 = fd.ops.relu(T1210)
    T1212 = fd.ops.cast(T1211, dtype=DataType.BFloat16)
    T1213 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1214 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1215 = fd.ops.linear(T1212, T1213, T1214)
    T1216 = fd.ops.cast(T1215, dtype=DataType.Float)
    T1217 = fd.ops.relu(T1216)
    T1218 = fd.ops.cast(T1217, dtype=DataType.BFloat16)
    T1219 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1220 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1221 = fd.ops.linear(T1218, T1219, T1220)
    T1222 = fd.ops.cast(T1221, dtype=DataType.Float)
    T1223 = fd.ops.relu(T1222)
    T1224 = fd.ops.cast(T1223, dtype=DataType.BFloat16)
    T1225 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1226 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1227 = fd.ops.linear(T1224, T1225, T1226)
    T1228 = fd.ops.cast(T1227, dtype=DataType.Float)
    T1229 = fd.ops.relu(T1228)
    T1230 = fd.ops.cast(T1229, dtype=DataType.BFloat16)
    T1231 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1232 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1233 = fd.ops.linear(T1230, T1231, T1232)
    T1234 = fd.ops.cast(T1233, dtype=DataType.Float)
    T1235 = fd.ops.relu(T1234)
    T1236 = fd.ops.cast(T1235, dtype=DataType.BFloat16)
    T1237 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1238 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1239 = fd.ops.linear(T1236, T1237, T1238)
    T1240 = fd.ops.cast(T1239, dtype=DataType.Float)
    T1241 = fd.ops.relu(T1240)
    T1242 = fd.ops.cast(T1241, dtype=DataType.BFloat16)
    T1243 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1244 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1245 = fd.ops.linear(T1242, T1243, T1244)
    T1246 = fd.ops.cast(T1245, dtype=DataType.Float)
    T1247 = fd.ops.relu(T1246)
    T1248 = fd.ops.cast(T1247, dtype=DataType.BFloat16)
    T1249 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1250 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1251 = fd.ops.linear(T1248, T1249, T1250)
    T1252 = fd.ops.cast(T1251, dtype=DataType.Float)
    T1253 = fd.ops.relu(T1252)
    T1254 = fd.ops.cast(T1253, dtype=DataType.BFloat16)
    T1255 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1256 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1257 = fd.ops.linear(T1254, T1255, T1256)
    T1258 = fd.ops.cast(T1257, dtype=DataType.Float)
    T1259 = fd.ops.relu(T1258)
    T1260 = fd.ops.cast(T1259, dtype=DataType.BFloat16)
    T1261 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1262 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1263 = fd.ops.linear(T1260, T1261, T1262)
    T1264 = fd.ops.cast(T1263, dtype=DataType.Float)
    T1265 = fd.ops.relu(T1264)
    T1266 = fd.ops.cast(T1265, dtype=DataType.BFloat16)
    T1267 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1268 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1269 = fd.ops.linear(T1266, T1267, T1268)
    T1270 = fd.ops.cast(T1269, dtype=DataType.Float)
    T1271 = fd.ops.relu(T1270)
    T1272 = fd.ops.cast(T1271, dtype=DataType.BFloat16)
    T1273 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1274 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1275 = fd.ops.linear(T1272, T1273, T1274)
    T1276 = fd.ops.cast(T1275, dtype=DataType.Float)
    T1277 = fd.ops.relu(T1276)
    T1278 = fd.ops.cast(T1277, dtype=DataType.BFloat16)
    T1279 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1280 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1281 = fd.ops.linear(T1278, T1279, T1280)
    T1282 = fd.ops.cast(T1281, dtype=DataType.Float)
    T1283 = fd.ops.relu(T1282)
    T1284 = fd.ops.cast(T1283, dtype=DataType.BFloat16)
    T1285 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1286 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1287 = fd.ops.linear(T1284, T1285, T1286)
    T1288 = fd.ops.cast(T1287, dtype=DataType.Float)
    T1289 = fd.ops.relu(T1288)
    T1290 = fd.ops.cast(T1289, dtype=DataType.BFloat16)
    T1291 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1292 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1293 = fd.ops.linear(T1290, T1291, T1292)
    T1294 = fd.ops.cast(T1293, dtype=DataType.Float)
    T1295 = fd.ops.relu(T1294)
    T1296 = fd.ops.cast(T1295, dtype=DataType.BFloat16)
    T1297 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1298 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1299 = fd.ops.linear(T1296, T1297, T1298)
    T1300 = fd.ops.cast(T1299, dtype=DataType.Float)
    T1301 = fd.ops.relu(T1300)
    T1302 = fd.ops.cast(T1301, dtype=DataType.BFloat16)
    T1303 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1304 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1305 = fd.ops.linear(T1302, T1303, T1304)
    T1306 = fd.ops.cast(T1305, dtype=DataType.Float)
    T1307 = fd.ops.relu(T1306)
    T1308 = fd.ops.cast(T1307, dtype=DataType.BFloat16)
    T1309 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1310 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1311 = fd.ops.linear(T1308, T1309, T1310)
    T1312 = fd.ops.cast(T1311, dtype=DataType.Float)
    T1313 = fd.ops.relu(T1312)
    T1314 = fd.ops.cast(T1313, dtype=DataType.BFloat16)
    T1315 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1316 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1317 = fd.ops.linear(T1314, T1315, T1316)
    T1318 = fd.ops.cast(T1317, dtype=DataType.Float)
    T1319 = fd.ops.relu(T1318)
    T1320 = fd.ops.cast(T1319, dtype=DataType.BFloat16)
    T1321 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1322 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1323 = fd.ops.linear(T1320, T1321, T1322)
    T1324 = fd.ops.cast(T1323, dtype=DataType.Float)
    T1325 = fd.ops.relu(T1324)
    T1326 = fd.ops.cast(T1325, dtype=DataType.BFloat16)
    T1327 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1328 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1329 = fd.ops.linear(T1326, T1327, T1328)
    T1330 = fd.ops.cast(T1329, dtype=DataType.Float)
    T1331 = fd.ops.relu(T1330)
    T1332 = fd.ops.cast(T1331, dtype=DataType.BFloat16)
    T1333 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1334 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1335 = fd.ops.linear(T1332, T1333, T1334)
    T1336 = fd.ops.cast(T1335, dtype=DataType.Float)
    T1337 = fd.ops.relu(T1336)
    T1338 = fd.ops.cast(T1337, dtype=DataType.BFloat16)
    T1339 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1340 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1341 = fd.ops.linear(T1338, T1339, T1340)
    T1342 = fd.ops.cast(T1341, dtype=DataType.Float)
    T1343 = fd.ops.relu(T1342)
    T1344 = fd.ops.cast(T1343, dtype=DataType.BFloat16)
    T1345 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1346 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1347 = fd.ops.linear(T1344, T1345, T1346)
    T1348 = fd.ops.cast(T1347, dtype=DataType.Float)
    T1349 = fd.ops.relu(T1348)
    T1350 = fd.ops.cast(T1349, dtype=DataType.BFloat16)
    T1351 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1352 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1353 = fd.ops.linear(T1350, T1351, T1352)
    T1354 = fd.ops.cast(T1353, dtype=DataType.Float)
    T1355 = fd.ops.relu(T1354)
    T1356 = fd.ops.cast(T1355, dtype=DataType.BFloat16)
    T1357 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1358 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1359 = fd.ops.linear(T1356, T1357, T1358)
    T1360 = fd.ops.cast(T1359, dtype=DataType.Float)
    T1361 = fd.ops.relu(T1360)
    T1362 = fd.ops.cast(T1361, dtype=DataType.BFloat16)
    T1363 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1364 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1365 = fd.ops.linear(T1362, T1363, T1364)
    T1366 = fd.ops.cast(T1365, dtype=DataType.Float)
    T1367 = fd.ops.relu(T1366)
    T1368 = fd.ops.cast(T1367, dtype=DataType.BFloat16)
    T1369 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1370 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1371 = fd.ops.linear(T1368, T1369, T1370)
    T1372 = fd.ops.cast(T1371, dtype=DataType.Float)
    T1373 = fd.ops.relu(T1372)
    T1374 = fd.ops.cast(T1373, dtype=DataType.BFloat16)
    T1375 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1376 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1377 = fd.ops.linear(T1374, T1375, T1376)
    T1378 = fd.ops.cast(T1377, dtype=DataType.Float)
    T1379 = fd.ops.relu(T1378)
    T1380 = fd.ops.cast(T1379, dtype=DataType.BFloat16)
    T1381 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1382 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1383 = fd.ops.linear(T1380, T1381, T1382)
    T1384 = fd.ops.cast(T1383, dtype=DataType.Float)
    T1385 = fd.ops.relu(T1384)
    T1386 = fd.ops.cast(T1385, dtype=DataType.BFloat16)
    T1387 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1388 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1389 = fd.ops.linear(T1386, T1387, T1388)
    T1390 = fd.ops.cast(T1389, dtype=DataType.Float)
    T1391 = fd.ops.relu(T1390)
    T1392 = fd.ops.cast(T1391, dtype=DataType.BFloat16)
    T1393 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1394 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1395 = fd.ops.linear(T1392, T1393, T1394)
    T1396 = fd.ops.cast(T1395, dtype=DataType.Float)
    T1397 = fd.ops.relu(T1396)
    T1398 = fd.ops.cast(T1397, dtype=DataType.BFloat16)
    T1399 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1400 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1401 = fd.ops.linear(T1398, T1399, T1400)
    T1402 = fd.ops.cast(T1401, dtype=DataType.Float)
    T1403 = fd.ops.relu(T1402)
    T1404 = fd.ops.cast(T1403, dtype=DataType.BFloat16)
    T1405 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1406 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1407 = fd.ops.linear(T1404, T1405, T1406)
    T1408 = fd.ops.cast(T1407, dtype=DataType.Float)
    T1409 = fd.ops.relu(T1408)
    T1410 = fd.ops.cast(T1409, dtype=DataType.BFloat16)
    T1411 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1412 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1413 = fd.ops.linear(T1410, T1411, T1412)
    T1414 = fd.ops.cast(T1413, dtype=DataType.Float)
    T1415 = fd.ops.relu(T1414)
    T1416 = fd.ops.cast(T1415, dtype=DataType.BFloat16)
    T1417 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1418 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1419 = fd.ops.linear(T1416, T1417, T1418)
    T1420 = fd.ops.cast(T1419, dtype=DataType.Float)
    T1421 = fd.ops.relu(T1420)
    T1422 = fd.ops.cast(T1421, dtype=DataType.BFloat16)
    T1423 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1424 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1425 = fd.ops.linear(T1422, T1423, T1424)
    T1426 = fd.ops.cast(T1425, dtype=DataType.Float)
    T1427 = fd.ops.relu(T1426)
    T1428 = fd.ops.cast(T1427, dtype=DataType.BFloat16)
    T1429 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1430 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1431 = fd.ops.linear(T1428, T1429, T1430)
    T1432 = fd.ops.cast(T1431, dtype=DataType.Float)
    T1433 = fd.ops.relu(T1432)
    T1434 = fd.ops.cast(T1433, dtype=DataType.BFloat16)
    T1435 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1436 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1437 = fd.ops.linear(T1434, T1435, T1436)
    T1438 = fd.ops.cast(T1437, dtype=DataType.Float)
    T1439 = fd.ops.relu(T1438)
    T1440 = fd.ops.cast(T1439, dtype=DataType.BFloat16)
    T1441 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1442 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1443 = fd.ops.linear(T1440, T1441, T1442)
    T1444 = fd.ops.cast(T1443, dtype=DataType.Float)
    T1445 = fd.ops.relu(T1444)
    T1446 = fd.ops.cast(T1445, dtype=DataType.BFloat16)
    T1447 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1448 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1449 = fd.ops.linear(T1446, T1447, T1448)
    T1450 = fd.ops.cast(T1449, dtype=DataType.Float)
    T1451 = fd.ops.relu(T1450)
    T1452 = fd.ops.cast(T1451, dtype=DataType.BFloat16)
    T1453 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1454 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1455 = fd.ops.linear(T1452, T1453, T1454)
    T1456 = fd.ops.cast(T1455, dtype=DataType.Float)
    T1457 = fd.ops.relu(T1456)
    T1458 = fd.ops.cast(T1457, dtype=DataType.BFloat16)
    T1459 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1460 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1461 = fd.ops.linear(T1458, T1459, T1460)
    T1462 = fd.ops.cast(T1461, dtype=DataType.Float)
    T1463 = fd.ops.relu(T1462)
    T1464 = fd.ops.cast(T1463, dtype=DataType.BFloat16)
    T1465 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1466 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1467 = fd.ops.linear(T1464, T1465, T1466)
    T1468 = fd.ops.cast(T1467, dtype=DataType.Float)
    T1469 = fd.ops.relu(T1468)
    T1470 = fd.ops.cast(T1469, dtype=DataType.BFloat16)
    T1471 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1472 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1473 = fd.ops.linear(T1470, T1471, T1472)
    T1474 = fd.ops.cast(T1473, dtype=DataType.Float)
    T1475 = fd.ops.relu(T1474)
    T1476 = fd.ops.cast(T1475, dtype=DataType.BFloat16)
    T1477 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1478 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1479 = fd.ops.linear(T1476, T1477, T1478)
    T1480 = fd.ops.cast(T1479, dtype=DataType.Float)
    T1481 = fd.ops.relu(T1480)
    T1482 = fd.ops.cast(T1481, dtype=DataType.BFloat16)
    T1483 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1484 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1485 = fd.ops.linear(T1482, T1483, T1484)
    T1486 = fd.ops.cast(T1485, dtype=DataType.Float)
    T1487 = fd.ops.relu(T1486)
    T1488 = fd.ops.cast(T1487, dtype=DataType.BFloat16)
    T1489 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1490 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1491 = fd.ops.linear(T1488, T1489, T1490)
    T1492 = fd.ops.cast(T1491, dtype=DataType.Float)
    T1493 = fd.ops.relu(T1492)
    T1494 = fd.ops.cast(T1493, dtype=DataType.BFloat16)
    T1495 = fd.define_tensor(shape=[-1, -1], contiguity=[True, True], dtype=DataType.BFloat16, is_cpu=False)
    T1496 = fd.define_tensor(shape=[-1], contiguity=[True], dtype=DataType.BFloat16, is_cpu=False)
    T1497 = fd.ops.linear(T1494, T1495, T1496)
    T1498 = fd.ops.cast(T1497, dtype=DataType.Float)
    T1499 = fd.ops.relu(T1498)
    T1500 = fd.ops.cast(T1499, dtype=DataType.BFloat16)
    fd.add_output(T1500)

with FusionDefinition() as fd:
    synthetic_fusion_1000_7(fd)

inputs = [
    torch.randn((2048, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024, 1024), dtype=torch.bfloat16, device='cuda:0'),
    torch.randn((1024,), dtype=torch.bfloat16, device='cuda:0'),
]
fd.execute(inputs)
