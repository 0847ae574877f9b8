source_filename = "pynum"

@pynum_poll_flags = external global i16

; Function Attrs: nounwind
define internal i32 @"0:k(int64)"(i64 %0, ptr %1, i64 %2) #0 {
entry:
  %v0 = alloca i64, align 8
  %v1 = alloca i64, align 8
  %v7 = alloca i64, align 8
  %v21 = alloca i64, align 8
  %v22 = alloca i64, align 8
  %v23 = alloca i64, align 8
  %v34 = alloca i64, align 8
  %v35 = alloca i64, align 8
  %v36 = alloca i64, align 8
  %v37 = alloca i64, align 8
  %v49 = alloca i1, align 1
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v105 = alloca i1, align 1
  %v114 = alloca i1, align 1
  %v117 = alloca i64, align 8
  %v138 = alloca i64, align 8
  store i64 %0, ptr %v0, align 4
  br label %block0

block0:                                           ; preds = %entry
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block9, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %123

block2:                                           ; preds = %123
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  %16 = load i64, ptr %v22, align 4
  store i64 %16, ptr %v117, align 4
  br label %block17

block3:                                           ; preds = %block17
  %17 = load i64, ptr %v21, align 4
  %18 = load i64, ptr %v22, align 4
  %19 = icmp ne i64 %18, 0
  %20 = load i64, ptr %v21, align 4
  %21 = load i64, ptr %v23, align 4
  %22 = add i64 %20, %21
  store i64 %22, ptr %v21, align 4
  %23 = load i64, ptr %v22, align 4
  %24 = add i64 %23, -1
  store i64 %24, ptr %v22, align 4
  %25 = load i64, ptr %v21, align 4
  store i64 %25, ptr %v34, align 4
  %26 = load i64, ptr %v22, align 4
  store i64 %26, ptr %v35, align 4
  %27 = load i64, ptr %v23, align 4
  store i64 %27, ptr %v36, align 4
  store i64 %17, ptr %v37, align 4
  %28 = load i64, ptr %v21, align 4
  %29 = load i64, ptr %v22, align 4
  %30 = load i64, ptr %v23, align 4
  br label %block4

block4:                                           ; preds = %block3
  %31 = load i64, ptr %v37, align 4
  %32 = urem i64 %31, 3
  %33 = load i64, ptr %v7, align 4
  %34 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %33, i64 %32)
  %35 = extractvalue { i64, i1 } %34, 0
  %36 = extractvalue { i64, i1 } %34, 1
  %37 = call i1 @llvm.expect.i1(i1 %36, i1 false)
  br i1 %37, label %exit1, label %124

block5:                                           ; preds = %block19
  %38 = load i64, ptr %v7, align 4
  store i64 %38, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %124
  br label %block7

block7:                                           ; preds = %block6
  br label %block17

block8:                                           ; preds = %block20
  %39 = call i64 @pynum_safepoint(i64 %2)
  %40 = icmp eq i64 %39, 1
  %41 = call i1 @llvm.expect.i1(i1 %40, i1 false)
  br i1 %41, label %exit2, label %128

block9:                                           ; preds = %block0
  %42 = load i64, ptr %v0, align 4
  store i64 %42, ptr %v57, align 4
  %43 = icmp sle i64 %2, 0
  %44 = call i1 @llvm.expect.i1(i1 %43, i1 false)
  br i1 %44, label %exit4, label %142

block10:                                          ; preds = %142
  store i64 0, ptr %v63, align 4
  %45 = load i64, ptr %v57, align 4
  %46 = icmp slt i64 0, %45
  %47 = sub i64 %45, 0
  %48 = select i1 %46, i64 %47, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %48, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  %49 = load i64, ptr %v78, align 4
  store i64 %49, ptr %v138, align 4
  br label %block21

block11:                                          ; preds = %block21
  %50 = load i64, ptr %v77, align 4
  %51 = load i64, ptr %v78, align 4
  %52 = icmp ne i64 %51, 0
  %53 = load i64, ptr %v77, align 4
  %54 = load i64, ptr %v79, align 4
  %55 = add i64 %53, %54
  store i64 %55, ptr %v77, align 4
  %56 = load i64, ptr %v78, align 4
  %57 = add i64 %56, -1
  store i64 %57, ptr %v78, align 4
  %58 = load i64, ptr %v77, align 4
  store i64 %58, ptr %v90, align 4
  %59 = load i64, ptr %v78, align 4
  store i64 %59, ptr %v91, align 4
  %60 = load i64, ptr %v79, align 4
  store i64 %60, ptr %v92, align 4
  store i64 %50, ptr %v93, align 4
  %61 = load i64, ptr %v77, align 4
  %62 = load i64, ptr %v78, align 4
  %63 = load i64, ptr %v79, align 4
  br label %block12

block12:                                          ; preds = %block11
  %64 = load i64, ptr %v93, align 4
  %65 = urem i64 %64, 3
  %66 = load i64, ptr %v63, align 4
  %67 = add i64 %66, %65
  store i64 %67, ptr %v63, align 4
  %68 = load i64, ptr %v90, align 4
  store i64 %68, ptr %v77, align 4
  %69 = load i64, ptr %v91, align 4
  store i64 %69, ptr %v78, align 4
  %70 = load i64, ptr %v92, align 4
  store i64 %70, ptr %v79, align 4
  br label %block14

block13:                                          ; preds = %block23
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block14:                                          ; preds = %block12
  br label %block15

block15:                                          ; preds = %block14
  br label %block21

block16:                                          ; preds = %block24
  %72 = call i64 @pynum_safepoint(i64 %2)
  %73 = icmp eq i64 %72, 1
  %74 = call i1 @llvm.expect.i1(i1 %73, i1 false)
  br i1 %74, label %exit5, label %143

block17:                                          ; preds = %block20, %141, %block7, %block2
  %75 = load i64, ptr %v22, align 4
  %76 = load i64, ptr %v117, align 4
  %77 = icmp ne i64 %75, %76
  br i1 %77, label %block3, label %block18

block18:                                          ; preds = %block17
  %78 = load i64, ptr %v22, align 4
  %79 = icmp ne i64 %78, 0
  br i1 %79, label %block20, label %block19

block19:                                          ; preds = %block18
  %80 = load i64, ptr %v21, align 4
  %81 = load i64, ptr %v22, align 4
  %82 = icmp ne i64 %81, 0
  %83 = load i64, ptr %v21, align 4
  %84 = load i64, ptr %v23, align 4
  %85 = add i64 %83, %84
  store i64 %85, ptr %v21, align 4
  %86 = load i64, ptr %v22, align 4
  %87 = add i64 %86, -1
  store i64 %87, ptr %v22, align 4
  %88 = load i64, ptr %v21, align 4
  store i64 %88, ptr %v34, align 4
  %89 = load i64, ptr %v22, align 4
  store i64 %89, ptr %v35, align 4
  %90 = load i64, ptr %v23, align 4
  store i64 %90, ptr %v36, align 4
  store i64 %80, ptr %v37, align 4
  %91 = load i64, ptr %v21, align 4
  %92 = load i64, ptr %v22, align 4
  %93 = load i64, ptr %v23, align 4
  br label %block5

block20:                                          ; preds = %block18
  %94 = load i64, ptr %v22, align 4
  %95 = sub i64 %94, 1
  %96 = and i64 %95, -4096
  store i64 %96, ptr %v117, align 4
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %97 = icmp ne i16 %poll, 0
  %98 = call i1 @llvm.expect.i1(i1 %97, i1 false)
  br i1 %98, label %block8, label %block17

block21:                                          ; preds = %block24, %156, %block15, %block10
  %99 = load i64, ptr %v78, align 4
  %100 = load i64, ptr %v138, align 4
  %101 = icmp ne i64 %99, %100
  br i1 %101, label %block11, label %block22

block22:                                          ; preds = %block21
  %102 = load i64, ptr %v78, align 4
  %103 = icmp ne i64 %102, 0
  br i1 %103, label %block24, label %block23

block23:                                          ; preds = %block22
  %104 = load i64, ptr %v77, align 4
  %105 = load i64, ptr %v78, align 4
  %106 = icmp ne i64 %105, 0
  %107 = load i64, ptr %v77, align 4
  %108 = load i64, ptr %v79, align 4
  %109 = add i64 %107, %108
  store i64 %109, ptr %v77, align 4
  %110 = load i64, ptr %v78, align 4
  %111 = add i64 %110, -1
  store i64 %111, ptr %v78, align 4
  %112 = load i64, ptr %v77, align 4
  store i64 %112, ptr %v90, align 4
  %113 = load i64, ptr %v78, align 4
  store i64 %113, ptr %v91, align 4
  %114 = load i64, ptr %v79, align 4
  store i64 %114, ptr %v92, align 4
  store i64 %104, ptr %v93, align 4
  %115 = load i64, ptr %v77, align 4
  %116 = load i64, ptr %v78, align 4
  %117 = load i64, ptr %v79, align 4
  br label %block13

block24:                                          ; preds = %block22
  %118 = load i64, ptr %v78, align 4
  %119 = sub i64 %118, 1
  %120 = and i64 %119, -4096
  store i64 %120, ptr %v138, align 4
  %poll7 = load volatile i16, ptr @pynum_poll_flags, align 2
  %121 = icmp ne i16 %poll7, 0
  %122 = call i1 @llvm.expect.i1(i1 %121, i1 false)
  br i1 %122, label %block16, label %block21

exit:                                             ; preds = %block1
  ret i32 8

123:                                              ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

124:                                              ; preds = %block4
  store i64 %35, ptr %v7, align 4
  %125 = load i64, ptr %v34, align 4
  store i64 %125, ptr %v21, align 4
  %126 = load i64, ptr %v35, align 4
  store i64 %126, ptr %v22, align 4
  %127 = load i64, ptr %v36, align 4
  store i64 %127, ptr %v23, align 4
  br label %block6

exit2:                                            ; preds = %block8
  store i64 1, ptr %1, align 8
  ret i32 7

128:                                              ; preds = %block8
  %129 = icmp eq i64 %39, 2
  %130 = call i1 @llvm.expect.i1(i1 %129, i1 false)
  br i1 %130, label %exit3, label %141

exit3:                                            ; preds = %128
  %131 = load i64, ptr %v7, align 4
  %132 = getelementptr i8, ptr %1, i64 64
  store i64 %131, ptr %132, align 8
  %133 = load i64, ptr %v21, align 4
  %134 = getelementptr i8, ptr %1, i64 176
  store i64 %133, ptr %134, align 8
  %135 = load i64, ptr %v22, align 4
  %136 = getelementptr i8, ptr %1, i64 184
  store i64 %135, ptr %136, align 8
  %137 = load i64, ptr %v23, align 4
  %138 = getelementptr i8, ptr %1, i64 192
  store i64 %137, ptr %138, align 8
  %139 = load i64, ptr %v117, align 4
  %140 = getelementptr i8, ptr %1, i64 944
  store i64 %139, ptr %140, align 8
  store i64 17, ptr %1, align 8
  ret i32 14

141:                                              ; preds = %128
  br label %block17

exit4:                                            ; preds = %block9
  ret i32 8

142:                                              ; preds = %block9
  br label %block10

exit5:                                            ; preds = %block16
  store i64 1, ptr %1, align 8
  ret i32 7

143:                                              ; preds = %block16
  %144 = icmp eq i64 %72, 2
  %145 = call i1 @llvm.expect.i1(i1 %144, i1 false)
  br i1 %145, label %exit6, label %156

exit6:                                            ; preds = %143
  %146 = load i64, ptr %v63, align 4
  %147 = getelementptr i8, ptr %1, i64 512
  store i64 %146, ptr %147, align 8
  %148 = load i64, ptr %v77, align 4
  %149 = getelementptr i8, ptr %1, i64 624
  store i64 %148, ptr %149, align 8
  %150 = load i64, ptr %v78, align 4
  %151 = getelementptr i8, ptr %1, i64 632
  store i64 %150, ptr %151, align 8
  %152 = load i64, ptr %v79, align 4
  %153 = getelementptr i8, ptr %1, i64 640
  store i64 %152, ptr %153, align 8
  %154 = load i64, ptr %v138, align 4
  %155 = getelementptr i8, ptr %1, i64 1112
  store i64 %154, ptr %155, align 8
  store i64 21, ptr %1, align 8
  ret i32 14

156:                                              ; preds = %143
  br label %block21
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare i1 @llvm.expect.i1(i1, i1) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64) #2

; Function Attrs: nounwind
declare i64 @pynum_safepoint(i64) #3

; Function Attrs: nounwind
define i32 @pynum_resume(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %v0 = alloca i64, align 8
  %v1 = alloca i64, align 8
  %v7 = alloca i64, align 8
  %v21 = alloca i64, align 8
  %v22 = alloca i64, align 8
  %v23 = alloca i64, align 8
  %v34 = alloca i64, align 8
  %v35 = alloca i64, align 8
  %v36 = alloca i64, align 8
  %v37 = alloca i64, align 8
  %v49 = alloca i1, align 1
  %v56 = alloca i64, align 8
  %v57 = alloca i64, align 8
  %v63 = alloca i64, align 8
  %v77 = alloca i64, align 8
  %v78 = alloca i64, align 8
  %v79 = alloca i64, align 8
  %v90 = alloca i64, align 8
  %v91 = alloca i64, align 8
  %v92 = alloca i64, align 8
  %v93 = alloca i64, align 8
  %v105 = alloca i1, align 1
  %v114 = alloca i1, align 1
  %v117 = alloca i64, align 8
  %v138 = alloca i64, align 8
  %resume = load i64, ptr %0, align 8
  switch i64 %resume, label %unknown_resume [
    i64 17, label %resume17
    i64 21, label %resume21
  ]

block0:                                           ; No predecessors!
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 536870912
  %5 = icmp ult i64 %4, 1073741824
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block9, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %143

block2:                                           ; preds = %143
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  %16 = load i64, ptr %v22, align 4
  store i64 %16, ptr %v117, align 4
  br label %block17

block3:                                           ; preds = %block17
  %17 = load i64, ptr %v21, align 4
  %18 = load i64, ptr %v22, align 4
  %19 = icmp ne i64 %18, 0
  %20 = load i64, ptr %v21, align 4
  %21 = load i64, ptr %v23, align 4
  %22 = add i64 %20, %21
  store i64 %22, ptr %v21, align 4
  %23 = load i64, ptr %v22, align 4
  %24 = add i64 %23, -1
  store i64 %24, ptr %v22, align 4
  %25 = load i64, ptr %v21, align 4
  store i64 %25, ptr %v34, align 4
  %26 = load i64, ptr %v22, align 4
  store i64 %26, ptr %v35, align 4
  %27 = load i64, ptr %v23, align 4
  store i64 %27, ptr %v36, align 4
  store i64 %17, ptr %v37, align 4
  %28 = load i64, ptr %v21, align 4
  %29 = load i64, ptr %v22, align 4
  %30 = load i64, ptr %v23, align 4
  br label %block4

block4:                                           ; preds = %block3
  %31 = load i64, ptr %v37, align 4
  %32 = urem i64 %31, 3
  %33 = load i64, ptr %v7, align 4
  %34 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %33, i64 %32)
  %35 = extractvalue { i64, i1 } %34, 0
  %36 = extractvalue { i64, i1 } %34, 1
  %37 = call i1 @llvm.expect.i1(i1 %36, i1 false)
  br i1 %37, label %exit1, label %144

block5:                                           ; preds = %block19
  %38 = load i64, ptr %v7, align 4
  store i64 %38, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %144
  br label %block7

block7:                                           ; preds = %block6
  br label %block17

block8:                                           ; preds = %block20
  %39 = call i64 @pynum_safepoint(i64 %2)
  %40 = icmp eq i64 %39, 1
  %41 = call i1 @llvm.expect.i1(i1 %40, i1 false)
  br i1 %41, label %exit2, label %148

block9:                                           ; preds = %block0
  %42 = load i64, ptr %v0, align 4
  store i64 %42, ptr %v57, align 4
  %43 = icmp sle i64 %2, 0
  %44 = call i1 @llvm.expect.i1(i1 %43, i1 false)
  br i1 %44, label %exit4, label %162

block10:                                          ; preds = %162
  store i64 0, ptr %v63, align 4
  %45 = load i64, ptr %v57, align 4
  %46 = icmp slt i64 0, %45
  %47 = sub i64 %45, 0
  %48 = select i1 %46, i64 %47, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %48, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  %49 = load i64, ptr %v78, align 4
  store i64 %49, ptr %v138, align 4
  br label %block21

block11:                                          ; preds = %block21
  %50 = load i64, ptr %v77, align 4
  %51 = load i64, ptr %v78, align 4
  %52 = icmp ne i64 %51, 0
  %53 = load i64, ptr %v77, align 4
  %54 = load i64, ptr %v79, align 4
  %55 = add i64 %53, %54
  store i64 %55, ptr %v77, align 4
  %56 = load i64, ptr %v78, align 4
  %57 = add i64 %56, -1
  store i64 %57, ptr %v78, align 4
  %58 = load i64, ptr %v77, align 4
  store i64 %58, ptr %v90, align 4
  %59 = load i64, ptr %v78, align 4
  store i64 %59, ptr %v91, align 4
  %60 = load i64, ptr %v79, align 4
  store i64 %60, ptr %v92, align 4
  store i64 %50, ptr %v93, align 4
  %61 = load i64, ptr %v77, align 4
  %62 = load i64, ptr %v78, align 4
  %63 = load i64, ptr %v79, align 4
  br label %block12

block12:                                          ; preds = %block11
  %64 = load i64, ptr %v93, align 4
  %65 = urem i64 %64, 3
  %66 = load i64, ptr %v63, align 4
  %67 = add i64 %66, %65
  store i64 %67, ptr %v63, align 4
  %68 = load i64, ptr %v90, align 4
  store i64 %68, ptr %v77, align 4
  %69 = load i64, ptr %v91, align 4
  store i64 %69, ptr %v78, align 4
  %70 = load i64, ptr %v92, align 4
  store i64 %70, ptr %v79, align 4
  br label %block14

block13:                                          ; preds = %block23
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block14:                                          ; preds = %block12
  br label %block15

block15:                                          ; preds = %block14
  br label %block21

block16:                                          ; preds = %block24
  %72 = call i64 @pynum_safepoint(i64 %2)
  %73 = icmp eq i64 %72, 1
  %74 = call i1 @llvm.expect.i1(i1 %73, i1 false)
  br i1 %74, label %exit5, label %163

block17:                                          ; preds = %block20, %161, %block7, %block2, %resume17
  %75 = load i64, ptr %v22, align 4
  %76 = load i64, ptr %v117, align 4
  %77 = icmp ne i64 %75, %76
  br i1 %77, label %block3, label %block18

block18:                                          ; preds = %block17
  %78 = load i64, ptr %v22, align 4
  %79 = icmp ne i64 %78, 0
  br i1 %79, label %block20, label %block19

block19:                                          ; preds = %block18
  %80 = load i64, ptr %v21, align 4
  %81 = load i64, ptr %v22, align 4
  %82 = icmp ne i64 %81, 0
  %83 = load i64, ptr %v21, align 4
  %84 = load i64, ptr %v23, align 4
  %85 = add i64 %83, %84
  store i64 %85, ptr %v21, align 4
  %86 = load i64, ptr %v22, align 4
  %87 = add i64 %86, -1
  store i64 %87, ptr %v22, align 4
  %88 = load i64, ptr %v21, align 4
  store i64 %88, ptr %v34, align 4
  %89 = load i64, ptr %v22, align 4
  store i64 %89, ptr %v35, align 4
  %90 = load i64, ptr %v23, align 4
  store i64 %90, ptr %v36, align 4
  store i64 %80, ptr %v37, align 4
  %91 = load i64, ptr %v21, align 4
  %92 = load i64, ptr %v22, align 4
  %93 = load i64, ptr %v23, align 4
  br label %block5

block20:                                          ; preds = %block18
  %94 = load i64, ptr %v22, align 4
  %95 = sub i64 %94, 1
  %96 = and i64 %95, -4096
  store i64 %96, ptr %v117, align 4
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %97 = icmp ne i16 %poll, 0
  %98 = call i1 @llvm.expect.i1(i1 %97, i1 false)
  br i1 %98, label %block8, label %block17

block21:                                          ; preds = %block24, %176, %block15, %block10, %resume21
  %99 = load i64, ptr %v78, align 4
  %100 = load i64, ptr %v138, align 4
  %101 = icmp ne i64 %99, %100
  br i1 %101, label %block11, label %block22

block22:                                          ; preds = %block21
  %102 = load i64, ptr %v78, align 4
  %103 = icmp ne i64 %102, 0
  br i1 %103, label %block24, label %block23

block23:                                          ; preds = %block22
  %104 = load i64, ptr %v77, align 4
  %105 = load i64, ptr %v78, align 4
  %106 = icmp ne i64 %105, 0
  %107 = load i64, ptr %v77, align 4
  %108 = load i64, ptr %v79, align 4
  %109 = add i64 %107, %108
  store i64 %109, ptr %v77, align 4
  %110 = load i64, ptr %v78, align 4
  %111 = add i64 %110, -1
  store i64 %111, ptr %v78, align 4
  %112 = load i64, ptr %v77, align 4
  store i64 %112, ptr %v90, align 4
  %113 = load i64, ptr %v78, align 4
  store i64 %113, ptr %v91, align 4
  %114 = load i64, ptr %v79, align 4
  store i64 %114, ptr %v92, align 4
  store i64 %104, ptr %v93, align 4
  %115 = load i64, ptr %v77, align 4
  %116 = load i64, ptr %v78, align 4
  %117 = load i64, ptr %v79, align 4
  br label %block13

block24:                                          ; preds = %block22
  %118 = load i64, ptr %v78, align 4
  %119 = sub i64 %118, 1
  %120 = and i64 %119, -4096
  store i64 %120, ptr %v138, align 4
  %poll7 = load volatile i16, ptr @pynum_poll_flags, align 2
  %121 = icmp ne i16 %poll7, 0
  %122 = call i1 @llvm.expect.i1(i1 %121, i1 false)
  br i1 %122, label %block16, label %block21

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume17:                                         ; preds = %entry
  %123 = getelementptr i8, ptr %0, i64 64
  %124 = load i64, ptr %123, align 8
  store i64 %124, ptr %v7, align 4
  %125 = getelementptr i8, ptr %0, i64 176
  %126 = load i64, ptr %125, align 8
  store i64 %126, ptr %v21, align 4
  %127 = getelementptr i8, ptr %0, i64 184
  %128 = load i64, ptr %127, align 8
  store i64 %128, ptr %v22, align 4
  %129 = getelementptr i8, ptr %0, i64 192
  %130 = load i64, ptr %129, align 8
  store i64 %130, ptr %v23, align 4
  %131 = getelementptr i8, ptr %0, i64 944
  %132 = load i64, ptr %131, align 8
  store i64 %132, ptr %v117, align 4
  br label %block17

resume21:                                         ; preds = %entry
  %133 = getelementptr i8, ptr %0, i64 512
  %134 = load i64, ptr %133, align 8
  store i64 %134, ptr %v63, align 4
  %135 = getelementptr i8, ptr %0, i64 624
  %136 = load i64, ptr %135, align 8
  store i64 %136, ptr %v77, align 4
  %137 = getelementptr i8, ptr %0, i64 632
  %138 = load i64, ptr %137, align 8
  store i64 %138, ptr %v78, align 4
  %139 = getelementptr i8, ptr %0, i64 640
  %140 = load i64, ptr %139, align 8
  store i64 %140, ptr %v79, align 4
  %141 = getelementptr i8, ptr %0, i64 1112
  %142 = load i64, ptr %141, align 8
  store i64 %142, ptr %v138, align 4
  br label %block21

exit:                                             ; preds = %block1
  ret i32 8

143:                                              ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

144:                                              ; preds = %block4
  store i64 %35, ptr %v7, align 4
  %145 = load i64, ptr %v34, align 4
  store i64 %145, ptr %v21, align 4
  %146 = load i64, ptr %v35, align 4
  store i64 %146, ptr %v22, align 4
  %147 = load i64, ptr %v36, align 4
  store i64 %147, ptr %v23, align 4
  br label %block6

exit2:                                            ; preds = %block8
  store i64 1, ptr %1, align 8
  ret i32 7

148:                                              ; preds = %block8
  %149 = icmp eq i64 %39, 2
  %150 = call i1 @llvm.expect.i1(i1 %149, i1 false)
  br i1 %150, label %exit3, label %161

exit3:                                            ; preds = %148
  %151 = load i64, ptr %v7, align 4
  %152 = getelementptr i8, ptr %1, i64 64
  store i64 %151, ptr %152, align 8
  %153 = load i64, ptr %v21, align 4
  %154 = getelementptr i8, ptr %1, i64 176
  store i64 %153, ptr %154, align 8
  %155 = load i64, ptr %v22, align 4
  %156 = getelementptr i8, ptr %1, i64 184
  store i64 %155, ptr %156, align 8
  %157 = load i64, ptr %v23, align 4
  %158 = getelementptr i8, ptr %1, i64 192
  store i64 %157, ptr %158, align 8
  %159 = load i64, ptr %v117, align 4
  %160 = getelementptr i8, ptr %1, i64 944
  store i64 %159, ptr %160, align 8
  store i64 17, ptr %1, align 8
  ret i32 14

161:                                              ; preds = %148
  br label %block17

exit4:                                            ; preds = %block9
  ret i32 8

162:                                              ; preds = %block9
  br label %block10

exit5:                                            ; preds = %block16
  store i64 1, ptr %1, align 8
  ret i32 7

163:                                              ; preds = %block16
  %164 = icmp eq i64 %72, 2
  %165 = call i1 @llvm.expect.i1(i1 %164, i1 false)
  br i1 %165, label %exit6, label %176

exit6:                                            ; preds = %163
  %166 = load i64, ptr %v63, align 4
  %167 = getelementptr i8, ptr %1, i64 512
  store i64 %166, ptr %167, align 8
  %168 = load i64, ptr %v77, align 4
  %169 = getelementptr i8, ptr %1, i64 624
  store i64 %168, ptr %169, align 8
  %170 = load i64, ptr %v78, align 4
  %171 = getelementptr i8, ptr %1, i64 632
  store i64 %170, ptr %171, align 8
  %172 = load i64, ptr %v79, align 4
  %173 = getelementptr i8, ptr %1, i64 640
  store i64 %172, ptr %173, align 8
  %174 = load i64, ptr %v138, align 4
  %175 = getelementptr i8, ptr %1, i64 1112
  store i64 %174, ptr %175, align 8
  store i64 21, ptr %1, align 8
  ret i32 14

176:                                              ; preds = %163
  br label %block21
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

