source_filename = "pynum"

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
  %4 = add i64 %3, 2147483648
  %5 = icmp ult i64 %4, 4294967296
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %84

block2:                                           ; preds = %84
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = select i1 true, i64 0, i64 %12
  %14 = load i64, ptr %v1, align 4
  %15 = select i1 true, i64 %14, i64 0
  %16 = icmp slt i64 %13, %15
  %17 = sub i64 %15, %13
  %18 = select i1 %16, i64 %17, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %18, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block6, %block2
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v22, align 4
  %21 = icmp ne i64 %20, 0
  %22 = load i64, ptr %v21, align 4
  %23 = load i64, ptr %v23, align 4
  %24 = add i64 %22, %23
  store i64 %24, ptr %v21, align 4
  %25 = load i64, ptr %v22, align 4
  %26 = add i64 %25, -1
  store i64 %26, ptr %v22, align 4
  %27 = load i64, ptr %v21, align 4
  store i64 %27, ptr %v34, align 4
  %28 = load i64, ptr %v22, align 4
  store i64 %28, ptr %v35, align 4
  %29 = load i64, ptr %v23, align 4
  store i64 %29, ptr %v36, align 4
  store i64 %19, ptr %v37, align 4
  %30 = load i64, ptr %v21, align 4
  %31 = load i64, ptr %v22, align 4
  %32 = load i64, ptr %v23, align 4
  br i1 %21, label %block4, label %block5

block4:                                           ; preds = %block3
  %33 = load i64, ptr %v37, align 4
  %34 = urem i64 %33, 3
  %35 = load i64, ptr %v7, align 4
  %36 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %35, i64 %34)
  %37 = extractvalue { i64, i1 } %36, 0
  %38 = extractvalue { i64, i1 } %36, 1
  %39 = call i1 @llvm.expect.i1(i1 %38, i1 false)
  br i1 %39, label %exit1, label %85

block5:                                           ; preds = %block3
  %40 = load i64, ptr %v7, align 4
  store i64 %40, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %99, %85
  %41 = load i64, ptr %v34, align 4
  store i64 %41, ptr %v21, align 4
  %42 = load i64, ptr %v35, align 4
  store i64 %42, ptr %v22, align 4
  %43 = load i64, ptr %v36, align 4
  store i64 %43, ptr %v23, align 4
  br label %block3

block7:                                           ; preds = %85
  %44 = call i64 @pynum_safepoint(i64 %2)
  %45 = icmp eq i64 %44, 1
  %46 = call i1 @llvm.expect.i1(i1 %45, i1 false)
  br i1 %46, label %exit2, label %88

block8:                                           ; preds = %block0
  %47 = load i64, ptr %v0, align 4
  store i64 %47, ptr %v57, align 4
  %48 = icmp sle i64 %2, 0
  %49 = call i1 @llvm.expect.i1(i1 %48, i1 false)
  br i1 %49, label %exit4, label %100

block9:                                           ; preds = %100
  store i64 0, ptr %v63, align 4
  %50 = load i64, ptr %v57, align 4
  %51 = select i1 true, i64 0, i64 %50
  %52 = load i64, ptr %v57, align 4
  %53 = select i1 true, i64 %52, i64 0
  %54 = icmp slt i64 %51, %53
  %55 = sub i64 %53, %51
  %56 = select i1 %54, i64 %55, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %56, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block13, %block9
  %57 = load i64, ptr %v77, align 4
  %58 = load i64, ptr %v78, align 4
  %59 = icmp ne i64 %58, 0
  %60 = load i64, ptr %v77, align 4
  %61 = load i64, ptr %v79, align 4
  %62 = add i64 %60, %61
  store i64 %62, ptr %v77, align 4
  %63 = load i64, ptr %v78, align 4
  %64 = add i64 %63, -1
  store i64 %64, ptr %v78, align 4
  %65 = load i64, ptr %v77, align 4
  store i64 %65, ptr %v90, align 4
  %66 = load i64, ptr %v78, align 4
  store i64 %66, ptr %v91, align 4
  %67 = load i64, ptr %v79, align 4
  store i64 %67, ptr %v92, align 4
  store i64 %57, ptr %v93, align 4
  %68 = load i64, ptr %v77, align 4
  %69 = load i64, ptr %v78, align 4
  %70 = load i64, ptr %v79, align 4
  br i1 %59, label %block11, label %block12

block11:                                          ; preds = %block10
  %71 = load i64, ptr %v93, align 4
  %72 = urem i64 %71, 3
  %73 = load i64, ptr %v63, align 4
  %74 = add i64 %73, %72
  store i64 %74, ptr %v63, align 4
  %poll5 = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %75 = icmp ne i16 %poll5, 0
  %76 = call i1 @llvm.expect.i1(i1 %75, i1 false)
  br i1 %76, label %block14, label %block13

block12:                                          ; preds = %block10
  %77 = load i64, ptr %v63, align 4
  store i64 %77, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %112, %block11
  %78 = load i64, ptr %v90, align 4
  store i64 %78, ptr %v77, align 4
  %79 = load i64, ptr %v91, align 4
  store i64 %79, ptr %v78, align 4
  %80 = load i64, ptr %v92, align 4
  store i64 %80, ptr %v79, align 4
  br label %block10

block14:                                          ; preds = %block11
  %81 = call i64 @pynum_safepoint(i64 %2)
  %82 = icmp eq i64 %81, 1
  %83 = call i1 @llvm.expect.i1(i1 %82, i1 false)
  br i1 %83, label %exit6, label %101

exit:                                             ; preds = %block1
  ret i32 8

84:                                               ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

85:                                               ; preds = %block4
  store i64 %37, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %86 = icmp ne i16 %poll, 0
  %87 = call i1 @llvm.expect.i1(i1 %86, i1 false)
  br i1 %87, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

88:                                               ; preds = %block7
  %89 = icmp eq i64 %44, 2
  %90 = call i1 @llvm.expect.i1(i1 %89, i1 false)
  br i1 %90, label %exit3, label %99

exit3:                                            ; preds = %88
  %91 = load i64, ptr %v7, align 4
  %92 = getelementptr i8, ptr %1, i64 64
  store i64 %91, ptr %92, align 8
  %93 = load i64, ptr %v34, align 4
  %94 = getelementptr i8, ptr %1, i64 280
  store i64 %93, ptr %94, align 8
  %95 = load i64, ptr %v35, align 4
  %96 = getelementptr i8, ptr %1, i64 288
  store i64 %95, ptr %96, align 8
  %97 = load i64, ptr %v36, align 4
  %98 = getelementptr i8, ptr %1, i64 296
  store i64 %97, ptr %98, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

99:                                               ; preds = %88
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

100:                                              ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

101:                                              ; preds = %block14
  %102 = icmp eq i64 %81, 2
  %103 = call i1 @llvm.expect.i1(i1 %102, i1 false)
  br i1 %103, label %exit7, label %112

exit7:                                            ; preds = %101
  %104 = load i64, ptr %v63, align 4
  %105 = getelementptr i8, ptr %1, i64 512
  store i64 %104, ptr %105, align 8
  %106 = load i64, ptr %v90, align 4
  %107 = getelementptr i8, ptr %1, i64 728
  store i64 %106, ptr %107, align 8
  %108 = load i64, ptr %v91, align 4
  %109 = getelementptr i8, ptr %1, i64 736
  store i64 %108, ptr %109, align 8
  %110 = load i64, ptr %v92, align 4
  %111 = getelementptr i8, ptr %1, i64 744
  store i64 %110, ptr %111, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

112:                                              ; preds = %101
  br label %block13
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
    i64 6, label %resume6
    i64 13, label %resume13
  ]

block0:                                           ; No predecessors!
  store i1 true, ptr %v114, align 1
  %3 = load i64, ptr %v0, align 4
  %4 = add i64 %3, 2147483648
  %5 = icmp ult i64 %4, 4294967296
  %6 = load i1, ptr %v114, align 1
  %7 = and i1 %6, %5
  store i1 %7, ptr %v114, align 1
  %8 = load i1, ptr %v114, align 1
  br i1 %8, label %block8, label %block1

block1:                                           ; preds = %block0
  %9 = load i64, ptr %v0, align 4
  store i64 %9, ptr %v1, align 4
  %10 = icmp sle i64 %2, 0
  %11 = call i1 @llvm.expect.i1(i1 %10, i1 false)
  br i1 %11, label %exit, label %100

block2:                                           ; preds = %100
  store i64 0, ptr %v7, align 4
  %12 = load i64, ptr %v1, align 4
  %13 = select i1 true, i64 0, i64 %12
  %14 = load i64, ptr %v1, align 4
  %15 = select i1 true, i64 %14, i64 0
  %16 = icmp slt i64 %13, %15
  %17 = sub i64 %15, %13
  %18 = select i1 %16, i64 %17, i64 0
  store i64 0, ptr %v21, align 4
  store i64 %18, ptr %v22, align 4
  store i64 1, ptr %v23, align 4
  br label %block3

block3:                                           ; preds = %block6, %block2
  %19 = load i64, ptr %v21, align 4
  %20 = load i64, ptr %v22, align 4
  %21 = icmp ne i64 %20, 0
  %22 = load i64, ptr %v21, align 4
  %23 = load i64, ptr %v23, align 4
  %24 = add i64 %22, %23
  store i64 %24, ptr %v21, align 4
  %25 = load i64, ptr %v22, align 4
  %26 = add i64 %25, -1
  store i64 %26, ptr %v22, align 4
  %27 = load i64, ptr %v21, align 4
  store i64 %27, ptr %v34, align 4
  %28 = load i64, ptr %v22, align 4
  store i64 %28, ptr %v35, align 4
  %29 = load i64, ptr %v23, align 4
  store i64 %29, ptr %v36, align 4
  store i64 %19, ptr %v37, align 4
  %30 = load i64, ptr %v21, align 4
  %31 = load i64, ptr %v22, align 4
  %32 = load i64, ptr %v23, align 4
  br i1 %21, label %block4, label %block5

block4:                                           ; preds = %block3
  %33 = load i64, ptr %v37, align 4
  %34 = urem i64 %33, 3
  %35 = load i64, ptr %v7, align 4
  %36 = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %35, i64 %34)
  %37 = extractvalue { i64, i1 } %36, 0
  %38 = extractvalue { i64, i1 } %36, 1
  %39 = call i1 @llvm.expect.i1(i1 %38, i1 false)
  br i1 %39, label %exit1, label %101

block5:                                           ; preds = %block3
  %40 = load i64, ptr %v7, align 4
  store i64 %40, ptr %1, align 8
  ret i32 0

block6:                                           ; preds = %115, %101, %resume6
  %41 = load i64, ptr %v34, align 4
  store i64 %41, ptr %v21, align 4
  %42 = load i64, ptr %v35, align 4
  store i64 %42, ptr %v22, align 4
  %43 = load i64, ptr %v36, align 4
  store i64 %43, ptr %v23, align 4
  br label %block3

block7:                                           ; preds = %101
  %44 = call i64 @pynum_safepoint(i64 %2)
  %45 = icmp eq i64 %44, 1
  %46 = call i1 @llvm.expect.i1(i1 %45, i1 false)
  br i1 %46, label %exit2, label %104

block8:                                           ; preds = %block0
  %47 = load i64, ptr %v0, align 4
  store i64 %47, ptr %v57, align 4
  %48 = icmp sle i64 %2, 0
  %49 = call i1 @llvm.expect.i1(i1 %48, i1 false)
  br i1 %49, label %exit4, label %116

block9:                                           ; preds = %116
  store i64 0, ptr %v63, align 4
  %50 = load i64, ptr %v57, align 4
  %51 = select i1 true, i64 0, i64 %50
  %52 = load i64, ptr %v57, align 4
  %53 = select i1 true, i64 %52, i64 0
  %54 = icmp slt i64 %51, %53
  %55 = sub i64 %53, %51
  %56 = select i1 %54, i64 %55, i64 0
  store i64 0, ptr %v77, align 4
  store i64 %56, ptr %v78, align 4
  store i64 1, ptr %v79, align 4
  br label %block10

block10:                                          ; preds = %block13, %block9
  %57 = load i64, ptr %v77, align 4
  %58 = load i64, ptr %v78, align 4
  %59 = icmp ne i64 %58, 0
  %60 = load i64, ptr %v77, align 4
  %61 = load i64, ptr %v79, align 4
  %62 = add i64 %60, %61
  store i64 %62, ptr %v77, align 4
  %63 = load i64, ptr %v78, align 4
  %64 = add i64 %63, -1
  store i64 %64, ptr %v78, align 4
  %65 = load i64, ptr %v77, align 4
  store i64 %65, ptr %v90, align 4
  %66 = load i64, ptr %v78, align 4
  store i64 %66, ptr %v91, align 4
  %67 = load i64, ptr %v79, align 4
  store i64 %67, ptr %v92, align 4
  store i64 %57, ptr %v93, align 4
  %68 = load i64, ptr %v77, align 4
  %69 = load i64, ptr %v78, align 4
  %70 = load i64, ptr %v79, align 4
  br i1 %59, label %block11, label %block12

block11:                                          ; preds = %block10
  %71 = load i64, ptr %v93, align 4
  %72 = urem i64 %71, 3
  %73 = load i64, ptr %v63, align 4
  %74 = add i64 %73, %72
  store i64 %74, ptr %v63, align 4
  %poll5 = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %75 = icmp ne i16 %poll5, 0
  %76 = call i1 @llvm.expect.i1(i1 %75, i1 false)
  br i1 %76, label %block14, label %block13

block12:                                          ; preds = %block10
  %77 = load i64, ptr %v63, align 4
  store i64 %77, ptr %1, align 8
  ret i32 0

block13:                                          ; preds = %128, %block11, %resume13
  %78 = load i64, ptr %v90, align 4
  store i64 %78, ptr %v77, align 4
  %79 = load i64, ptr %v91, align 4
  store i64 %79, ptr %v78, align 4
  %80 = load i64, ptr %v92, align 4
  store i64 %80, ptr %v79, align 4
  br label %block10

block14:                                          ; preds = %block11
  %81 = call i64 @pynum_safepoint(i64 %2)
  %82 = icmp eq i64 %81, 1
  %83 = call i1 @llvm.expect.i1(i1 %82, i1 false)
  br i1 %83, label %exit6, label %117

unknown_resume:                                   ; preds = %entry
  store i64 -1, ptr %1, align 8
  ret i32 7

resume6:                                          ; preds = %entry
  %84 = getelementptr i8, ptr %0, i64 64
  %85 = load i64, ptr %84, align 8
  store i64 %85, ptr %v7, align 4
  %86 = getelementptr i8, ptr %0, i64 280
  %87 = load i64, ptr %86, align 8
  store i64 %87, ptr %v34, align 4
  %88 = getelementptr i8, ptr %0, i64 288
  %89 = load i64, ptr %88, align 8
  store i64 %89, ptr %v35, align 4
  %90 = getelementptr i8, ptr %0, i64 296
  %91 = load i64, ptr %90, align 8
  store i64 %91, ptr %v36, align 4
  br label %block6

resume13:                                         ; preds = %entry
  %92 = getelementptr i8, ptr %0, i64 512
  %93 = load i64, ptr %92, align 8
  store i64 %93, ptr %v63, align 4
  %94 = getelementptr i8, ptr %0, i64 728
  %95 = load i64, ptr %94, align 8
  store i64 %95, ptr %v90, align 4
  %96 = getelementptr i8, ptr %0, i64 736
  %97 = load i64, ptr %96, align 8
  store i64 %97, ptr %v91, align 4
  %98 = getelementptr i8, ptr %0, i64 744
  %99 = load i64, ptr %98, align 8
  store i64 %99, ptr %v92, align 4
  br label %block13

exit:                                             ; preds = %block1
  ret i32 8

100:                                              ; preds = %block1
  br label %block2

exit1:                                            ; preds = %block4
  store i64 0, ptr %1, align 8
  ret i32 7

101:                                              ; preds = %block4
  store i64 %37, ptr %v7, align 4
  %poll = load volatile i16, ptr inttoptr (i64 ADDRESS to ptr), align 2
  %102 = icmp ne i16 %poll, 0
  %103 = call i1 @llvm.expect.i1(i1 %102, i1 false)
  br i1 %103, label %block7, label %block6

exit2:                                            ; preds = %block7
  store i64 1, ptr %1, align 8
  ret i32 7

104:                                              ; preds = %block7
  %105 = icmp eq i64 %44, 2
  %106 = call i1 @llvm.expect.i1(i1 %105, i1 false)
  br i1 %106, label %exit3, label %115

exit3:                                            ; preds = %104
  %107 = load i64, ptr %v7, align 4
  %108 = getelementptr i8, ptr %1, i64 64
  store i64 %107, ptr %108, align 8
  %109 = load i64, ptr %v34, align 4
  %110 = getelementptr i8, ptr %1, i64 280
  store i64 %109, ptr %110, align 8
  %111 = load i64, ptr %v35, align 4
  %112 = getelementptr i8, ptr %1, i64 288
  store i64 %111, ptr %112, align 8
  %113 = load i64, ptr %v36, align 4
  %114 = getelementptr i8, ptr %1, i64 296
  store i64 %113, ptr %114, align 8
  store i64 6, ptr %1, align 8
  ret i32 14

115:                                              ; preds = %104
  br label %block6

exit4:                                            ; preds = %block8
  ret i32 8

116:                                              ; preds = %block8
  br label %block9

exit6:                                            ; preds = %block14
  store i64 1, ptr %1, align 8
  ret i32 7

117:                                              ; preds = %block14
  %118 = icmp eq i64 %81, 2
  %119 = call i1 @llvm.expect.i1(i1 %118, i1 false)
  br i1 %119, label %exit7, label %128

exit7:                                            ; preds = %117
  %120 = load i64, ptr %v63, align 4
  %121 = getelementptr i8, ptr %1, i64 512
  store i64 %120, ptr %121, align 8
  %122 = load i64, ptr %v90, align 4
  %123 = getelementptr i8, ptr %1, i64 728
  store i64 %122, ptr %123, align 8
  %124 = load i64, ptr %v91, align 4
  %125 = getelementptr i8, ptr %1, i64 736
  store i64 %124, ptr %125, align 8
  %126 = load i64, ptr %v92, align 4
  %127 = getelementptr i8, ptr %1, i64 744
  store i64 %126, ptr %127, align 8
  store i64 13, ptr %1, align 8
  ret i32 14

128:                                              ; preds = %117
  br label %block13
}

; Function Attrs: nounwind
define i32 @pynum_entry(ptr %0, ptr %1, i64 %2) #0 {
entry:
  %3 = load i64, ptr %0, align 8
  %status = call i32 @"0:k(int64)"(i64 %3, ptr %1, i64 %2)
  ret i32 %status
}

