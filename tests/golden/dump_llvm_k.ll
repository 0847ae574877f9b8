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
  %v114 = alloca i1, align 1
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
  br i1 %11, label %exit, label %77

block2:                                           ; preds = %77
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block7, %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %78

block5:                                           ; preds = %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %78
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %38 = icmp ne i16 %poll, 0
  %39 = call i1 @llvm.expect.i1(i1 %38, i1 false)
  br i1 %39, label %block8, label %block7

block7:                                           ; preds = %93, %block6
  br label %block3

block8:                                           ; preds = %block6
  %40 = call i64 @pynum_safepoint(i64 %2)
  %41 = icmp eq i64 %40, 1
  %42 = call i1 @llvm.expect.i1(i1 %41, i1 false)
  br i1 %42, label %exit2, label %82

block9:                                           ; preds = %block0
  %43 = load i64, ptr %v0, align 4
  store i64 %43, ptr %v57, align 4
  %44 = icmp sle i64 %2, 0
  %45 = call i1 @llvm.expect.i1(i1 %44, i1 false)
  br i1 %45, label %exit4, label %94

block10:                                          ; preds = %94
  store i64 0, ptr %v63, align 4
  %46 = load i64, ptr %v57, align 4
  %47 = icmp slt i64 0, %46
  %48 = sub i64 %46, 0
  %49 = select i1 %47, i64 %48, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %49, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block11

block11:                                          ; preds = %block15, %block10
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
  br i1 %52, label %block12, label %block13

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

block13:                                          ; preds = %block11
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block14:                                          ; preds = %block12
  %poll5 = load volatile i16, ptr @pynum_poll_flags, align 2
  %72 = icmp ne i16 %poll5, 0
  %73 = call i1 @llvm.expect.i1(i1 %72, i1 false)
  br i1 %73, label %block16, label %block15

block15:                                          ; preds = %106, %block14
  br label %block11

block16:                                          ; preds = %block14
  %74 = call i64 @pynum_safepoint(i64 %2)
  %75 = icmp eq i64 %74, 1
  %76 = call i1 @llvm.expect.i1(i1 %75, i1 false)
  br i1 %76, label %exit6, label %95

exit:                                             ; preds = %block1
  ret i32 8

77:                                               ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

78:                                               ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %79 = load i64, ptr %v34, align 4
  store i64 %79, ptr %v21, align 4
  %80 = load i64, ptr %v35, align 4
  store i64 %80, ptr %v22, align 4
  %81 = load i64, ptr %v36, align 4
  store i64 %81, ptr %v23, align 4
  br label %block6

exit2:                                            ; preds = %block8
  store i64 1, ptr %1, align 8
  ret i32 7

82:                                               ; preds = %block8
  %83 = icmp eq i64 %40, 2
  %84 = call i1 @llvm.expect.i1(i1 %83, i1 false)
  br i1 %84, label %exit3, label %93

exit3:                                            ; preds = %82
  %85 = load i64, ptr %v7, align 4
  %86 = getelementptr i8, ptr %1, i64 64
  store i64 %85, ptr %86, align 8
  %87 = load i64, ptr %v21, align 4
  %88 = getelementptr i8, ptr %1, i64 176
  store i64 %87, ptr %88, align 8
  %89 = load i64, ptr %v22, align 4
  %90 = getelementptr i8, ptr %1, i64 184
  store i64 %89, ptr %90, align 8
  %91 = load i64, ptr %v23, align 4
  %92 = getelementptr i8, ptr %1, i64 192
  store i64 %91, ptr %92, align 8
  store i64 7, ptr %1, align 8
  ret i32 14

93:                                               ; preds = %82
  br label %block7

exit4:                                            ; preds = %block9
  ret i32 8

94:                                               ; preds = %block9
  br label %block10

exit6:                                            ; preds = %block16
  store i64 1, ptr %1, align 8
  ret i32 7

95:                                               ; preds = %block16
  %96 = icmp eq i64 %74, 2
  %97 = call i1 @llvm.expect.i1(i1 %96, i1 false)
  br i1 %97, label %exit7, label %106

exit7:                                            ; preds = %95
  %98 = load i64, ptr %v63, align 4
  %99 = getelementptr i8, ptr %1, i64 512
  store i64 %98, ptr %99, align 8
  %100 = load i64, ptr %v77, align 4
  %101 = getelementptr i8, ptr %1, i64 624
  store i64 %100, ptr %101, align 8
  %102 = load i64, ptr %v78, align 4
  %103 = getelementptr i8, ptr %1, i64 632
  store i64 %102, ptr %103, align 8
  %104 = load i64, ptr %v79, align 4
  %105 = getelementptr i8, ptr %1, i64 640
  store i64 %104, ptr %105, align 8
  store i64 15, ptr %1, align 8
  ret i32 14

106:                                              ; preds = %95
  br label %block15
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
  %v114 = alloca i1, align 1
  %resume = load i64, ptr %0, align 8
  switch i64 %resume, label %unknown_resume [
    i64 7, label %resume7
    i64 15, label %resume15
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
  br i1 %11, label %exit, label %93

block2:                                           ; preds = %93
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = icmp slt i64 0, %12
  %14 = sub i64 %12, 0
  %15 = select i1 %13, i64 %14, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %15, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block7, %block2
  %16 = load i64, ptr %v21, align 4
  %17 = load i64, ptr %v22, align 4
  %18 = icmp ne i64 %17, 0
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v23, align 4
  %21 = add i64 %19, %20
  store i64 %21, ptr %v21, align 4
  %22 = load i64, ptr %v22, align 4
  %23 = add i64 %22, -1
  store i64 %23, ptr %v22, align 4
  %24 = load i64, ptr %v21, align 4
  store i64 %24, ptr %v34, align 4
  %25 = load i64, ptr %v22, align 4
  store i64 %25, ptr %v35, align 4
  %26 = load i64, ptr %v23, align 4
  store i64 %26, ptr %v36, align 4
  store i64 %16, ptr %v37, align 4
  %27 = load i64, ptr %v21, align 4
  %28 = load i64, ptr %v22, align 4
  %29 = load i64, ptr %v23, align 4
  br i1 %18, label %block4, label %block5

block4:                                           ; preds = %block3
  %30 = load i64, ptr %v37, align 4
  %31 = urem i64 %30, 3
  %32 = load i64, ptr %v7, align 4
  %33 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %32, i64 %31)
  %34 = extractvalue { i64, i1 } %33, 0
  %35 = extractvalue { i64, i1 } %33, 1
  %36 = call i1 @llvm.expect.i1(i1 %35, i1 false)
  br i1 %36, label %exit1, label %94

block5:                                           ; preds = %block3
  %37 = load i64, ptr %v7, align 4
  store i64 %37, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %94
  %poll = load volatile i16, ptr @pynum_poll_flags, align 2
  %38 = icmp ne i16 %poll, 0
  %39 = call i1 @llvm.expect.i1(i1 %38, i1 false)
  br i1 %39, label %block8, label %block7

block7:                                           ; preds = %109, %block6, %resume7
  br label %block3

block8:                                           ; preds = %block6
  %40 = call i64 @pynum_safepoint(i64 %2)
  %41 = icmp eq i64 %40, 1
  %42 = call i1 @llvm.expect.i1(i1 %41, i1 false)
  br i1 %42, label %exit2, label %98

block9:                                           ; preds = %block0
  %43 = load i64, ptr %v0, align 4
  store i64 %43, ptr %v57, align 4
  %44 = icmp sle i64 %2, 0
  %45 = call i1 @llvm.expect.i1(i1 %44, i1 false)
  br i1 %45, label %exit4, label %110

block10:                                          ; preds = %110
  store i64 0, ptr %v63, align 4
  %46 = load i64, ptr %v57, align 4
  %47 = icmp slt i64 0, %46
  %48 = sub i64 %46, 0
  %49 = select i1 %47, i64 %48, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %49, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block11

block11:                                          ; preds = %block15, %block10
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
  br i1 %52, label %block12, label %block13

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

block13:                                          ; preds = %block11
  %71 = load i64, ptr %v63, align 4
  store i64 %71, ptr %1, align 8
  ret i32 0

block14:                                          ; preds = %block12
  %poll5 = load volatile i16, ptr @pynum_poll_flags, align 2
  %72 = icmp ne i16 %poll5, 0
  %73 = call i1 @llvm.expect.i1(i1 %72, i1 false)
  br i1 %73, label %block16, label %block15

block15:                                          ; preds = %122, %block14, %resume15
  br label %block11

block16:                                          ; preds = %block14
  %74 = call i64 @pynum_safepoint(i64 %2)
  %75 = icmp eq i64 %74, 1
  %76 = call i1 @llvm.expect.i1(i1 %75, i1 false)
  br i1 %76, label %exit6, label %111

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume7:                                          ; preds = %entry
  %77 = getelementptr i8, ptr %0, i64 64
  %78 = load i64, ptr %77, align 8
  store i64 %78, ptr %v7, align 4
  %79 = getelementptr i8, ptr %0, i64 176
  %80 = load i64, ptr %79, align 8
  store i64 %80, ptr %v21, align 4
  %81 = getelementptr i8, ptr %0, i64 184
  %82 = load i64, ptr %81, align 8
  store i64 %82, ptr %v22, align 4
  %83 = getelementptr i8, ptr %0, i64 192
  %84 = load i64, ptr %83, align 8
  store i64 %84, ptr %v23, align 4
  br label %block7

resume15:                                         ; preds = %entry
  %85 = getelementptr i8, ptr %0, i64 512
  %86 = load i64, ptr %85, align 8
  store i64 %86, ptr %v63, align 4
  %87 = getelementptr i8, ptr %0, i64 624
  %88 = load i64, ptr %87, align 8
  store i64 %88, ptr %v77, align 4
  %89 = getelementptr i8, ptr %0, i64 632
  %90 = load i64, ptr %89, align 8
  store i64 %90, ptr %v78, align 4
  %91 = getelementptr i8, ptr %0, i64 640
  %92 = load i64, ptr %91, align 8
  store i64 %92, ptr %v79, align 4
  br label %block15

exit:                                             ; preds = %block1
  ret i32 8

93:                                               ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

94:                                               ; preds = %block4
  store i64 %34, ptr %v7, align 4
  %95 = load i64, ptr %v34, align 4
  store i64 %95, ptr %v21, align 4
  %96 = load i64, ptr %v35, align 4
  store i64 %96, ptr %v22, align 4
  %97 = load i64, ptr %v36, align 4
  store i64 %97, ptr %v23, align 4
  br label %block6

exit2:                                            ; preds = %block8
  store i64 1, ptr %1, align 8
  ret i32 7

98:                                               ; preds = %block8
  %99 = icmp eq i64 %40, 2
  %100 = call i1 @llvm.expect.i1(i1 %99, i1 false)
  br i1 %100, label %exit3, label %109

exit3:                                            ; preds = %98
  %101 = load i64, ptr %v7, align 4
  %102 = getelementptr i8, ptr %1, i64 64
  store i64 %101, ptr %102, align 8
  %103 = load i64, ptr %v21, align 4
  %104 = getelementptr i8, ptr %1, i64 176
  store i64 %103, ptr %104, align 8
  %105 = load i64, ptr %v22, align 4
  %106 = getelementptr i8, ptr %1, i64 184
  store i64 %105, ptr %106, align 8
  %107 = load i64, ptr %v23, align 4
  %108 = getelementptr i8, ptr %1, i64 192
  store i64 %107, ptr %108, align 8
  store i64 7, ptr %1, align 8
  ret i32 14

109:                                              ; preds = %98
  br label %block7

exit4:                                            ; preds = %block9
  ret i32 8

110:                                              ; preds = %block9
  br label %block10

exit6:                                            ; preds = %block16
  store i64 1, ptr %1, align 8
  ret i32 7

111:                                              ; preds = %block16
  %112 = icmp eq i64 %74, 2
  %113 = call i1 @llvm.expect.i1(i1 %112, i1 false)
  br i1 %113, label %exit7, label %122

exit7:                                            ; preds = %111
  %114 = load i64, ptr %v63, align 4
  %115 = getelementptr i8, ptr %1, i64 512
  store i64 %114, ptr %115, align 8
  %116 = load i64, ptr %v77, align 4
  %117 = getelementptr i8, ptr %1, i64 624
  store i64 %116, ptr %117, align 8
  %118 = load i64, ptr %v78, align 4
  %119 = getelementptr i8, ptr %1, i64 632
  store i64 %118, ptr %119, align 8
  %120 = load i64, ptr %v79, align 4
  %121 = getelementptr i8, ptr %1, i64 640
  store i64 %120, ptr %121, align 8
  store i64 15, ptr %1, align 8
  ret i32 14

122:                                              ; preds = %111
  br label %block15
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

